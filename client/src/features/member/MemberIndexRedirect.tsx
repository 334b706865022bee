import { Navigate, useLocation } from 'react-router-dom';

/** The member area's index goes to the overview, keeping the query (viewMode). */
export function MemberIndexRedirect() {
  return <Navigate to={{ pathname: 'overview', search: useLocation().search }} replace />;
}
