import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DocumentTitle, documentTitle } from './document-title';

const titles = () => [...document.querySelectorAll('title')].map((title) => title.textContent);

describe('DocumentTitle', () => {
  it("puts the screen's title in the head as '{screen} | RentDrive'", () => {
    const { unmount } = render(
      <main>
        <DocumentTitle screen="Login to Your Account" />
        <h1>Login</h1>
      </main>,
    );
    expect(documentTitle('Login to Your Account')).toBe('Login to Your Account | RentDrive');
    expect(document.title).toBe('Login to Your Account | RentDrive');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    // Hoisted: nothing of it stays where the screen rendered it.
    expect(document.querySelector('main title')).toBeNull();
    unmount();
    expect(titles()).toEqual([]);
  });

  it('keeps one title when the screen re-renders or is replaced by another', () => {
    const { rerender, unmount } = render(<DocumentTitle screen="Login to Your Account" />);
    rerender(<DocumentTitle screen="Se connecter" />);
    expect(titles()).toEqual(['Se connecter | RentDrive']);
    rerender(
      <main key="register">
        <DocumentTitle screen="Create an Account" />
      </main>,
    );
    expect(titles()).toEqual(['Create an Account | RentDrive']);
    expect(document.title).toBe('Create an Account | RentDrive');
    unmount();
  });
});
