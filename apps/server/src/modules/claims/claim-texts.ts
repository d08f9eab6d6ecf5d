/**
 * What the parties of a damage claim are told (issue 27), in the `api` catalogue (ADR 018), written in
 * each recipient's language. `{vehicle}` is make and model; amounts are formatted in euros.
 */
export const ClaimTexts = {
  opened: /*i18n*/ {
    id: 'claims.opened',
    message: 'The owner of {vehicle} reported damage and claims {amount} from your deposit. You can answer in My Rentals.',
  },
  answered: /*i18n*/ { id: 'claims.answered', message: 'The renter of {vehicle} answered your damage claim.' },
  decidedOwner: /*i18n*/ {
    id: 'claims.decidedOwner',
    message: 'Your damage claim on {vehicle} was decided: you receive {paid}. Reason: {reason}',
  },
  decidedRenter: /*i18n*/ {
    id: 'claims.decidedRenter',
    message:
      'The damage claim on {vehicle} was decided: {refund} of your deposit is back in your wallet, {paid} went to the owner. Reason: {reason}',
  },
} as const;
