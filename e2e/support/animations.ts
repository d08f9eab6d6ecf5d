import type { Page } from '@playwright/test';

/**
 * Resolves once no finite animation or transition is running (a dialog fading in, results dimming):
 * axe measures text contrast as painted, so half-transparent text mid-animation reads as a
 * violation. Endless ones (a spinner's) are not waited for.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}
