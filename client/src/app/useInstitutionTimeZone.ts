import { useEffect } from 'react';
import { useSession } from '../auth/useSession';
import { useInstitutionDayQuery } from '../gql/hooks';
import { setInstitutionTimeZone } from '../shared/institution-day';

/** Once signed in, asks the server for the institution's time zone, which every time on screen is shown in. */
export function useInstitutionTimeZone(): void {
  const signedIn = useSession() !== null;
  const timeZone = useInstitutionDayQuery({ skip: !signedIn }).data?.institutionDay.timeZone;
  useEffect(() => {
    if (timeZone) setInstitutionTimeZone(timeZone);
  }, [timeZone]);
}
