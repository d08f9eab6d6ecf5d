/**
 * Every query of the wallet feature (balance history, transactions) starts with this key. Features
 * don't import each other, so a change that moves money elsewhere (a rental paid, confirmed or
 * cancelled) refreshes the wallet by this prefix.
 */
export const WALLET_QUERY_KEY = ['wallet'] as const;
