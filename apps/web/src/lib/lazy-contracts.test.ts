import { describe, expect, it } from 'vitest';
import { Account } from '@rentdrive/contracts/account';
import { Search } from '@rentdrive/contracts/search';
import { loadPicked, type LazyContracts } from './lazy-contracts';

describe("a lazy endpoint's contract", () => {
  it('is the endpoint its pick names, from that area', async () => {
    expect(await loadPicked((c) => c.Search.search)).toBe(Search.search);
    expect(await loadPicked((c) => c.Account.session)).toBe(Account.session);
  });

  it('names the area when a pick reads one there is none of', async () => {
    await expect(loadPicked((c) => (c as unknown as Record<string, LazyContracts['Search']>).Wallet!.search)).rejects.toThrow(
      "no contract area 'Wallet'",
    );
  });
});
