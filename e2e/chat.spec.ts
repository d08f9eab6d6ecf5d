import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsDone } from './support/animations';
import { expect, test } from './support/test';
import { registerUser, signedInContext } from './support/users';

const SHOTS = '.tmp/shots';

async function openChat(page: Page) {
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'Your Messages' })).toBeVisible();
  await expect(page.getByText('Chat Dashboard')).toBeVisible();
  // The hub connection is up once the 'Connecting...' notice is gone.
  await expect(page.getByText('Connecting...')).toHaveCount(0);
}

/** The WebSockets a page opens (the hub's, when the app works as meant: one per tab). */
function countWebSockets(page: Page) {
  const sockets: { url: string; isClosed: () => boolean }[] = [];
  page.on('websocket', (ws) => sockets.push({ url: new URL(ws.url()).pathname, isClosed: () => ws.isClosed() }));
  return {
    opened: () => sockets.map((s) => s.url),
    open: () => sockets.filter((s) => !s.isClosed()).map((s) => s.url),
  };
}

async function expectNoSeriousA11yViolations(page: Page) {
  await animationsDone(page); // text mid-fade or mid-transition reads as low contrast
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('two users chat in real time, see presence change and find their history after a reload', async ({ browser, request, baseURL }) => {
  const ann = await registerUser(request, 'ann');
  const ben = await registerUser(request, 'ben');
  const annContext = await signedInContext(browser, baseURL!, ann.username, ann.password);
  const benContext = await signedInContext(browser, baseURL!, ben.username, ben.password);
  const annPage = await annContext.newPage();
  const benPage = await benContext.newPage();
  const annSockets = countWebSockets(annPage);
  const benSockets = countWebSockets(benPage);

  await openChat(annPage);
  await expect(annPage.getByText('Select a user to start chatting')).toBeVisible();
  await openChat(benPage);

  // Ann finds Ben; picking him clears the search box and opens the conversation.
  const search = annPage.getByPlaceholder('Search users...');
  await search.fill(ben.username.slice(0, 8));
  await annPage.getByRole('option', { name: ben.username }).click();
  await expect(search).toHaveValue('');
  await expect(annPage.getByRole('heading', { name: `Chat with ${ben.username}` })).toBeVisible();
  await expect(annPage.getByTestId('partner-presence')).toHaveText('Online');
  await expect(annPage.getByRole('list', { name: 'Recent chats' }).getByRole('button', { name: new RegExp(ben.username) })).toHaveCount(1);

  // A search with no match says so.
  await search.fill('zz-nobody-has-this-name');
  await expect(annPage.getByRole('option', { name: 'No users found' }).or(annPage.getByText('No users found'))).toBeVisible();
  await search.fill('');

  // Ann writes (Enter sends); Ben is not in that conversation yet: Ann rises with an unread mark.
  const annInput = annPage.getByPlaceholder('Type a message...');
  await annInput.fill('Hi Ben, is the van free on Friday?');
  await annInput.press('Enter');
  await expect(annInput).toHaveValue('');
  await expect(annPage.getByRole('log').getByText('Hi Ben, is the van free on Friday?')).toBeVisible();
  const annInBensList = benPage.getByRole('list', { name: 'Recent chats' }).getByRole('button', { name: new RegExp(ann.username) });
  await expect(annInBensList.getByTestId('unread-badge')).toBeVisible();
  // His header's badge heard it over the same connection.
  const benHeaderBadge = benPage.getByRole('banner').getByTestId('header-unread-badge');
  await expect(benHeaderBadge).toHaveText('1');

  // Ben opens it and answers; Ann sees the answer at once, and the reverse.
  await annInBensList.click();
  await expect(benPage.getByRole('log').getByText('Hi Ben, is the van free on Friday?')).toBeVisible();
  await expect(annInBensList.getByTestId('unread-badge')).toHaveCount(0);
  await expect(benHeaderBadge).toHaveCount(0);
  const benInput = benPage.getByPlaceholder('Type a message...');
  await benInput.fill('Yes, all day.');
  await benPage.getByRole('button', { name: 'Send' }).click();
  await expect(annPage.getByRole('log').getByText('Yes, all day.')).toBeVisible();
  await annInput.fill('Great, booking it now.');
  await annInput.press('Enter');
  await expect(benPage.getByRole('log').getByText('Great, booking it now.')).toBeVisible();

  // Each tab did all of that (header, chat screen, presence) over one hub connection, opened once.
  expect(annSockets.opened()).toEqual(['/chat']);
  expect(benSockets.opened()).toEqual(['/chat']);
  expect(annSockets.open()).toEqual(['/chat']);

  // Blank text is not sent.
  await annInput.fill('   ');
  await expect(annPage.getByRole('button', { name: 'Send' })).toBeDisabled();

  await annPage.setViewportSize({ width: 1280, height: 800 });
  if (process.env.SHOTS) await annPage.screenshot({ path: `${SHOTS}/chat-desktop.png` });
  await expectNoSeriousA11yViolations(annPage);

  // Ben leaves: Ann sees him go offline.
  await benPage.close();
  await expect(annPage.getByTestId('partner-presence')).toHaveText('Offline');

  // After a reload the conversation is still there, in order.
  await annPage.reload();
  await expect(annPage.getByText('Connecting...')).toHaveCount(0);
  await annPage
    .getByRole('list', { name: 'Recent chats' })
    .getByRole('button', { name: new RegExp(ben.username) })
    .click();
  const log = annPage.getByRole('log');
  // The messages, without the day separator above them ('Today').
  const bubbles = log.locator('li[data-own]');
  await expect(bubbles).toHaveCount(3);
  await expect(bubbles.nth(0)).toContainText('Hi Ben, is the van free on Friday?');
  await expect(bubbles.nth(1)).toContainText('Yes, all day.');
  await expect(bubbles.nth(2)).toContainText('Great, booking it now.');
  await expect(log.locator('[data-day-separator]').first()).toBeVisible();

  // Phones: one pane at a time.
  await annPage.setViewportSize({ width: 360, height: 740 });
  if (process.env.SHOTS) await annPage.screenshot({ path: `${SHOTS}/chat-360-conversation.png`, fullPage: true });
  await annPage.getByRole('button', { name: 'Back to chats' }).click();
  await expect(annPage.getByPlaceholder('Search users...')).toBeVisible();
  if (process.env.SHOTS) await annPage.screenshot({ path: `${SHOTS}/chat-360-list.png`, fullPage: true });
  await expectNoSeriousA11yViolations(annPage);

  await annContext.close();
  await benContext.close();
});

test('the header counts unread messages on any page, and reading the conversation clears it', async ({ browser, request, baseURL }) => {
  const alice = await registerUser(request, 'alice');
  const bob = await registerUser(request, 'bob');
  const aliceContext = await signedInContext(browser, baseURL!, alice.username, alice.password);
  const bobContext = await signedInContext(browser, baseURL!, bob.username, bob.password);
  const alicePage = await aliceContext.newPage();
  const bobPage = await bobContext.newPage();
  // Alice's clock runs normally; the test only skips ahead to her header's next poll.
  await alicePage.clock.install();
  await alicePage.setViewportSize({ width: 1280, height: 800 });

  // Alice browses the listing: no badge.
  await alicePage.goto('/listing');
  const header = alicePage.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
  await expect(header.getByTestId('header-unread-badge')).toHaveCount(0);

  // Bob writes to her twice while she stays on the listing.
  await openChat(bobPage);
  await bobPage.getByPlaceholder('Search users...').fill(alice.username.slice(0, 12));
  await bobPage.getByRole('option', { name: alice.username }).click();
  const bobInput = bobPage.getByPlaceholder('Type a message...');
  for (const text of ['Hi Alice, the bike is yours on Saturday.', 'Pick-up at 9?']) {
    await bobInput.fill(text);
    await bobInput.press('Enter');
    await expect(bobPage.getByRole('log').getByText(text)).toBeVisible();
  }

  // Her header asks again within 30 s without her doing anything.
  await alicePage.clock.fastForward('00:31');
  const chatLink = header.getByRole('link', { name: 'Chat, 2 unread' });
  await expect(chatLink).toBeVisible();
  await expect(chatLink.getByTestId('header-unread-badge')).toHaveText('2');
  await expect(alicePage).toHaveURL(/\/listing$/);
  if (process.env.SHOTS) await header.screenshot({ path: `${SHOTS}/header-unread-desktop.png` });
  await expectNoSeriousA11yViolations(alicePage);

  // Phones: the count sits on the menu button, and on the chat link inside the menu.
  await alicePage.setViewportSize({ width: 360, height: 740 });
  const menuButton = header.getByRole('button', { name: 'Open menu, 2 unread messages' });
  await expect(menuButton.getByTestId('menu-unread-badge')).toHaveText('2');
  if (process.env.SHOTS) await header.screenshot({ path: `${SHOTS}/header-unread-360.png` });
  await menuButton.click();
  await expect(header.getByRole('link', { name: 'Chat, 2 unread' })).toBeVisible();
  if (process.env.SHOTS) await alicePage.screenshot({ path: `${SHOTS}/header-unread-360-menu.png` });
  await expectNoSeriousA11yViolations(alicePage);

  // She opens the chat from the header: Bob's conversation is marked; reading it clears the badge.
  await header.getByRole('link', { name: 'Chat, 2 unread' }).click();
  await alicePage.setViewportSize({ width: 1280, height: 800 });
  await expect(alicePage.getByText('Connecting...')).toHaveCount(0);
  const bobInHerList = alicePage.getByRole('list', { name: 'Recent chats' }).getByRole('button', { name: new RegExp(bob.username) });
  await expect(bobInHerList.getByTestId('unread-badge')).toHaveText(/^2/);
  await bobInHerList.click();
  await expect(alicePage.getByRole('log').getByText('Pick-up at 9?')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
  await expect(header.getByTestId('header-unread-badge')).toHaveCount(0);

  // The server remembers: after a reload on another page, still nothing unread.
  const counted = alicePage.waitForResponse((r) => r.url().endsWith('/api/chat/unread-count') && r.ok());
  await alicePage.goto('/');
  expect(await (await counted).json()).toEqual({ count: 0 });
  await expect(header.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
  await expect(header.getByTestId('header-unread-badge')).toHaveCount(0);

  await aliceContext.close();
  await bobContext.close();
});
