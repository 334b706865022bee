import { useIsStaff } from '../../auth/useIsStaff';
import { useBillAgreementQuery } from '../../gql/hooks';
import { useMemberContext } from '../member/member-context';

/** The member, account, agreement and portal (staff or member) every bill screen needs. */
export function useBillContext() {
  const { memberId, accountId, account } = useMemberContext();
  const isStaff = useIsStaff();
  const agreementQuery = useBillAgreementQuery({ variables: { memberId, accountId } });
  const agreement = agreementQuery.data?.accountOverview.agreement ?? null;
  const base = `/member/${memberId}/account/${accountId}`;
  return {
    memberId,
    accountId,
    isStaff,
    base,
    agreement,
    agreementStatus: agreement?.status ?? account.agreementStatus ?? null,
    /** The membership in view was resigned: no money moves (spec 1 §4). */
    resigned: account.member?.isResigned === true,
    agreementLoading: agreementQuery.loading,
    refetchAgreement: agreementQuery.refetch,
  };
}
