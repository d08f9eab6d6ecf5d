import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-template';

describe('renderMail', () => {
  it('gives HTML and plain text with the button link, the reason and the settings link', async () => {
    const { html, text } = await renderMail({
      locale: 'de',
      productName: 'RentDrive',
      subject: 'Subject & more',
      greeting: 'Hello Anna,',
      paragraphs: ['First paragraph <b>not markup</b>.'],
      button: { label: 'Choose a new password', url: 'http://127.0.0.1:1/reset-password?token=abc' },
      why: 'Because you asked.',
      settings: { label: 'Your e-mail settings', url: 'http://127.0.0.1:1/profile/settings' },
    });
    expect(html).toContain('lang="de"');
    expect(html).toContain('href="http://127.0.0.1:1/reset-password?token=abc"');
    expect(html).toContain('First paragraph &lt;b&gt;not markup&lt;/b&gt;.');
    expect(text).toContain('Hello Anna,');
    expect(text).toContain('http://127.0.0.1:1/reset-password?token=abc');
    expect(text).toContain('Because you asked.');
    expect(text).toContain('First paragraph <b>not markup</b>.');
    expect(text).not.toContain('<html');
    expect(text).not.toContain('<a ');
  });
});
