export const WalletPaths = {
  addFunds: '/api/wallet/add-funds',
  withdraw: '/api/wallet/withdraw',
  refundToCard: '/api/wallet/refund-to-card',
  history: '/api/wallettransaction/history',
} as const;
