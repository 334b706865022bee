import { useInstitutionDayQuery } from '../../gql/hooks';
import { institutionToday } from '../../shared/institution-day';

/**
 * The institution's today as the server's rules see it (the demo clock's when demo mode has moved it), asked again
 * each time a screen opens; the browser's clock in the institution's zone until it answers.
 */
export function useInstitutionToday(): string {
  const { data } = useInstitutionDayQuery({ fetchPolicy: 'cache-and-network' });
  return data?.institutionDay.today ?? institutionToday();
}
