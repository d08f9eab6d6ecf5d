import { describe, expect, it } from 'vitest';
import { isAllowedUsername, normalizeUsername } from './username';

describe('usernames', () => {
  it('accepts letters and digits of any script and . _ -', () => {
    for (const name of ['alice', 'Alice_99', 'j.doe-2', 'Ödön', 'Σωκράτης', 'Дмитрий', '李小龍', 'محمد', 'नमस']) {
      expect(isAllowedUsername(name), name).toBe(true);
    }
  });

  it('refuses spaces, punctuation, control, zero-width and bidi characters', () => {
    for (const name of [
      'al ice',
      'alice!',
      'al@ice',
      'ali\u0000ce',
      'ali\tce',
      'alice\u200b',
      'ali\u200dce',
      '\u202eecila',
      'ali\u2066ce',
      'al\u00adice',
    ]) {
      expect(isAllowedUsername(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('normalizes compatibility forms: full-width letters become plain ones', () => {
    expect(normalizeUsername(' ａｌｉｃｅ ')).toBe('alice');
    expect(normalizeUsername('ﬁsh')).toBe('fish');
    expect(isAllowedUsername('ａｌｉｃｅ')).toBe(true);
  });
});
