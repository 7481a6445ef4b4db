/**
 * The meeting a page is about, by the id in its address: an id that cannot exist, a meeting that is
 * not mine to see (404), or one I do not organise on an organiser's page, is the app's 404 page.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/session';
import { getMeetingQueryOptions, isMeetingId } from '../api/meetings-api';

export function useMeeting(id: string | null | undefined, { organiserOnly }: { organiserOnly: boolean }) {
  const navigate = useNavigate();
  const signedIn = useSessionUser() !== null;
  const valid = isMeetingId(id);
  // Not after signing out: the page is about to go, and the server would refuse.
  const meeting = useQuery({ ...getMeetingQueryOptions(valid ? id : ''), enabled: valid && signedIn });
  const missing =
    !valid ||
    (meeting.error instanceof ApiError && (meeting.error.status === 404 || meeting.error.status === 400)) ||
    (organiserOnly && meeting.data !== undefined && !meeting.data.isOrganiser);

  useEffect(() => {
    if (missing) void navigate('/error-404', { replace: true });
  }, [missing, navigate]);

  return { meeting, missing };
}
