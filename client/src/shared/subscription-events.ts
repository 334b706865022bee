/**
 * The options of a subscription whose messages are events its `onData` handles (the figures announcements, a
 * session's end, a queued change's stage, an activity added): Apollo neither writes them to its cache, where each
 * one made every open query compare itself with the cache again, nor renders the listening component again for each
 * (issue 23 item 1: the first messages, as the overview loads, were a long task of their own on a phone). A
 * subscription whose answer is shown from the cache (the approvals' state) keeps Apollo's defaults.
 */
export const EVENTS_ONLY = { fetchPolicy: 'no-cache', ignoreResults: true } as const;
