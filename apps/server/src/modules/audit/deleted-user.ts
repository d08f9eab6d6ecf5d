/** How a deleted account (a tombstone, issue 28) is named wherever its name used to appear. */
export const DELETED_USER_NAME = 'Deleted user';
