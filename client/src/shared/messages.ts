/** Spec 1 §8: the message for generic load failures and a failed register interest. */
export const SERVER_ERROR = 'Server error.';
/**
 * Spec 1 §8, 3 §8: a contract could not be loaded and the server did not say why (a network or server failure); an
 * unknown or other member's contract is the server's own 'Could not load contract'.
 */
export const CONTRACT_LOAD_ERROR = 'Error when loading contract. Please try again later';
