/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query ServerSettings {\n  serverSettings {\n    institutionName\n  }\n}\n\nquery ClientSettings {\n  clientSettings {\n    appVersion\n    institutionName\n    productName\n    productSlogan\n    helpUrl\n    supportUrl\n    supportEmail\n  }\n}": typeof types.ServerSettingsDocument,
    "mutation Logout {\n  logout\n}": typeof types.LogoutDocument,
    "subscription SessionEvents {\n  sessionEvents {\n    type\n    reason\n  }\n}": typeof types.SessionEventsDocument,
    "query AccountList($memberId: Int!) {\n  accountList(memberId: $memberId) {\n    accountId\n    accountNumber\n    agreementId\n    isActive\n    productName\n    status\n  }\n}": typeof types.AccountListDocument,
    "query MemberContact($memberId: Int!) {\n  member(memberId: $memberId) {\n    memberId\n    firstName\n    lastName\n    email\n    mobilePhone\n  }\n}\n\nmutation RegisterInterest($input: RegisterInterestInput!) {\n  registerInterest(input: $input) {\n    ok\n    errors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.MemberContactDocument,
    "query MemberAccount($memberId: Int!, $accountId: Int!) {\n  memberAccount(memberId: $memberId, accountId: $accountId) {\n    accountId\n    memberId\n    accountNumber\n    isActive\n    status\n    agreementId\n    agreementStatus\n    member {\n      memberId\n      memberNumber\n      firstName\n      lastName\n      isActive\n      isResigned\n    }\n    link {\n      memberId\n      accountId\n      isActive\n    }\n  }\n}": typeof types.MemberAccountDocument,
    "subscription QueuedChangeStatusUpdates($accountId: Int!) {\n  queuedChangeStatus(accountId: $accountId) {\n    accountId\n    agreementId\n    stage\n    message\n  }\n}": typeof types.QueuedChangeStatusUpdatesDocument,
    "fragment MemberSearchResultFields on MemberSearchResult {\n  memberId\n  memberNumber\n  firstName\n  lastName\n  email\n  mobilePhone\n  isActive\n  accounts {\n    accountId\n    accountNumber\n    agreementId\n    isActive\n    productName\n    status\n  }\n}\n\nquery SearchMembers($searchString: String!, $resultCount: Int) {\n  searchMembers(searchString: $searchString, resultCount: $resultCount) {\n    ...MemberSearchResultFields\n  }\n}\n\nquery MembersByAccountNumber($accountNumber: String!, $maxResults: Int) {\n  membersByAccountNumber(accountNumber: $accountNumber, maxResults: $maxResults) {\n    ...MemberSearchResultFields\n  }\n}": typeof types.MemberSearchResultFieldsFragmentDoc,
};
const documents: Documents = {
    "query ServerSettings {\n  serverSettings {\n    institutionName\n  }\n}\n\nquery ClientSettings {\n  clientSettings {\n    appVersion\n    institutionName\n    productName\n    productSlogan\n    helpUrl\n    supportUrl\n    supportEmail\n  }\n}": types.ServerSettingsDocument,
    "mutation Logout {\n  logout\n}": types.LogoutDocument,
    "subscription SessionEvents {\n  sessionEvents {\n    type\n    reason\n  }\n}": types.SessionEventsDocument,
    "query AccountList($memberId: Int!) {\n  accountList(memberId: $memberId) {\n    accountId\n    accountNumber\n    agreementId\n    isActive\n    productName\n    status\n  }\n}": types.AccountListDocument,
    "query MemberContact($memberId: Int!) {\n  member(memberId: $memberId) {\n    memberId\n    firstName\n    lastName\n    email\n    mobilePhone\n  }\n}\n\nmutation RegisterInterest($input: RegisterInterestInput!) {\n  registerInterest(input: $input) {\n    ok\n    errors {\n      code\n      field\n      message\n    }\n  }\n}": types.MemberContactDocument,
    "query MemberAccount($memberId: Int!, $accountId: Int!) {\n  memberAccount(memberId: $memberId, accountId: $accountId) {\n    accountId\n    memberId\n    accountNumber\n    isActive\n    status\n    agreementId\n    agreementStatus\n    member {\n      memberId\n      memberNumber\n      firstName\n      lastName\n      isActive\n      isResigned\n    }\n    link {\n      memberId\n      accountId\n      isActive\n    }\n  }\n}": types.MemberAccountDocument,
    "subscription QueuedChangeStatusUpdates($accountId: Int!) {\n  queuedChangeStatus(accountId: $accountId) {\n    accountId\n    agreementId\n    stage\n    message\n  }\n}": types.QueuedChangeStatusUpdatesDocument,
    "fragment MemberSearchResultFields on MemberSearchResult {\n  memberId\n  memberNumber\n  firstName\n  lastName\n  email\n  mobilePhone\n  isActive\n  accounts {\n    accountId\n    accountNumber\n    agreementId\n    isActive\n    productName\n    status\n  }\n}\n\nquery SearchMembers($searchString: String!, $resultCount: Int) {\n  searchMembers(searchString: $searchString, resultCount: $resultCount) {\n    ...MemberSearchResultFields\n  }\n}\n\nquery MembersByAccountNumber($accountNumber: String!, $maxResults: Int) {\n  membersByAccountNumber(accountNumber: $accountNumber, maxResults: $maxResults) {\n    ...MemberSearchResultFields\n  }\n}": types.MemberSearchResultFieldsFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ServerSettings {\n  serverSettings {\n    institutionName\n  }\n}\n\nquery ClientSettings {\n  clientSettings {\n    appVersion\n    institutionName\n    productName\n    productSlogan\n    helpUrl\n    supportUrl\n    supportEmail\n  }\n}"): (typeof documents)["query ServerSettings {\n  serverSettings {\n    institutionName\n  }\n}\n\nquery ClientSettings {\n  clientSettings {\n    appVersion\n    institutionName\n    productName\n    productSlogan\n    helpUrl\n    supportUrl\n    supportEmail\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Logout {\n  logout\n}"): (typeof documents)["mutation Logout {\n  logout\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription SessionEvents {\n  sessionEvents {\n    type\n    reason\n  }\n}"): (typeof documents)["subscription SessionEvents {\n  sessionEvents {\n    type\n    reason\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AccountList($memberId: Int!) {\n  accountList(memberId: $memberId) {\n    accountId\n    accountNumber\n    agreementId\n    isActive\n    productName\n    status\n  }\n}"): (typeof documents)["query AccountList($memberId: Int!) {\n  accountList(memberId: $memberId) {\n    accountId\n    accountNumber\n    agreementId\n    isActive\n    productName\n    status\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MemberContact($memberId: Int!) {\n  member(memberId: $memberId) {\n    memberId\n    firstName\n    lastName\n    email\n    mobilePhone\n  }\n}\n\nmutation RegisterInterest($input: RegisterInterestInput!) {\n  registerInterest(input: $input) {\n    ok\n    errors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["query MemberContact($memberId: Int!) {\n  member(memberId: $memberId) {\n    memberId\n    firstName\n    lastName\n    email\n    mobilePhone\n  }\n}\n\nmutation RegisterInterest($input: RegisterInterestInput!) {\n  registerInterest(input: $input) {\n    ok\n    errors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MemberAccount($memberId: Int!, $accountId: Int!) {\n  memberAccount(memberId: $memberId, accountId: $accountId) {\n    accountId\n    memberId\n    accountNumber\n    isActive\n    status\n    agreementId\n    agreementStatus\n    member {\n      memberId\n      memberNumber\n      firstName\n      lastName\n      isActive\n      isResigned\n    }\n    link {\n      memberId\n      accountId\n      isActive\n    }\n  }\n}"): (typeof documents)["query MemberAccount($memberId: Int!, $accountId: Int!) {\n  memberAccount(memberId: $memberId, accountId: $accountId) {\n    accountId\n    memberId\n    accountNumber\n    isActive\n    status\n    agreementId\n    agreementStatus\n    member {\n      memberId\n      memberNumber\n      firstName\n      lastName\n      isActive\n      isResigned\n    }\n    link {\n      memberId\n      accountId\n      isActive\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription QueuedChangeStatusUpdates($accountId: Int!) {\n  queuedChangeStatus(accountId: $accountId) {\n    accountId\n    agreementId\n    stage\n    message\n  }\n}"): (typeof documents)["subscription QueuedChangeStatusUpdates($accountId: Int!) {\n  queuedChangeStatus(accountId: $accountId) {\n    accountId\n    agreementId\n    stage\n    message\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment MemberSearchResultFields on MemberSearchResult {\n  memberId\n  memberNumber\n  firstName\n  lastName\n  email\n  mobilePhone\n  isActive\n  accounts {\n    accountId\n    accountNumber\n    agreementId\n    isActive\n    productName\n    status\n  }\n}\n\nquery SearchMembers($searchString: String!, $resultCount: Int) {\n  searchMembers(searchString: $searchString, resultCount: $resultCount) {\n    ...MemberSearchResultFields\n  }\n}\n\nquery MembersByAccountNumber($accountNumber: String!, $maxResults: Int) {\n  membersByAccountNumber(accountNumber: $accountNumber, maxResults: $maxResults) {\n    ...MemberSearchResultFields\n  }\n}"): (typeof documents)["fragment MemberSearchResultFields on MemberSearchResult {\n  memberId\n  memberNumber\n  firstName\n  lastName\n  email\n  mobilePhone\n  isActive\n  accounts {\n    accountId\n    accountNumber\n    agreementId\n    isActive\n    productName\n    status\n  }\n}\n\nquery SearchMembers($searchString: String!, $resultCount: Int) {\n  searchMembers(searchString: $searchString, resultCount: $resultCount) {\n    ...MemberSearchResultFields\n  }\n}\n\nquery MembersByAccountNumber($accountNumber: String!, $maxResults: Int) {\n  membersByAccountNumber(accountNumber: $accountNumber, maxResults: $maxResults) {\n    ...MemberSearchResultFields\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;