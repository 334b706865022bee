/** The documented demo sign-ins, as the tests use them. */
export const AGENT = ['agent', 'agent-demo-pass'] as const;
export const MANAGER = ['manager', 'manager-demo-pass'] as const;
export const REPORTER = ['reporter', 'reporter-demo-pass'] as const;
export const MEMBER_PASSWORD = 'member-demo-pass';
export const MEMBER_TWO_ACCOUNTS = ['100001', MEMBER_PASSWORD] as const;
export const MEMBER_MISSED_DEPOSIT = ['100002', MEMBER_PASSWORD] as const;
export const MEMBER_LOCKED = ['100003', MEMBER_PASSWORD] as const;
export const MEMBER_NO_ACCOUNT = ['100004', MEMBER_PASSWORD] as const;
export const MEMBER_RESIGNED = ['100005', MEMBER_PASSWORD] as const;
export const MEMBER_NO_AGREEMENT = ['100006', MEMBER_PASSWORD] as const;
