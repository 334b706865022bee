import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { sessionStore } from '../../auth/session';
import { landingPath, ssoFailureRoute } from '../../auth/session-rules';
import { ssoGrant } from '../../auth/token-api';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import type { MessageState } from '../public/messages';

/** `/singlesignon?token=…&id=…`: signs in with the token handed over by the institution, then moves on. */
export function SingleSignOnPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  const token = params.get('token') ?? '';
  const institutionId = params.get('id') ?? '';

  useEffect(() => {
    // The token is single-use: never post it twice (React's development double effects).
    if (started.current) return;
    started.current = true;
    if (!token || !institutionId) {
      navigate('/nomember/0', { replace: true });
      return;
    }
    void ssoGrant(token, institutionId).then((result) => {
      if (result.ok) {
        navigate(landingPath(sessionStore.save(result.token)), { replace: true });
        return;
      }
      const state: MessageState = { message: result.error.error_description };
      navigate(ssoFailureRoute(result.error.error_code), { replace: true, state });
    });
  }, [token, institutionId, navigate]);

  return (
    <Page title="Signing you in" narrow>
      <Loading label="Signing you in…" />
    </Page>
  );
}
