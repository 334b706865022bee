import { useServerSettingsQuery } from '../../gql/hooks';

/** The institution's name from the server settings; a neutral fallback while loading or if the call fails. */
export function useInstitutionName(): string {
  const { data } = useServerSettingsQuery();
  return data?.serverSettings.institutionName ?? 'your financial institution';
}
