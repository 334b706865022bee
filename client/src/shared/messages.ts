/** Spec 1 §8: the message for generic load failures and a failed register interest. */
export const SERVER_ERROR = 'Server error.';
