/** "Your data": the download of everything one owns, and the account's deletion. */
import type { DeleteAccountInput, ErrorBody } from '@cadence/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, request } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { session } from '../../../lib/session';

const fetchExport = () =>
  fetch('/api/account/export', {
    headers: { accept: 'application/json', authorization: `Bearer ${session.accessToken() ?? ''}` },
  });

/**
 * Fetches the export with the session's token and hands it to the browser as a file named by the
 * server's Content-Disposition. The API client reads JSON only, and it sits in the first download
 * of /login, so the file is fetched here; an expired token is renewed through the client (any
 * call of it refreshes once on 401) and the fetch tried again.
 */
export async function downloadMyData(): Promise<void> {
  let response = await fetchExport();
  if (response.status === 401) {
    await request('GET', '/jwt/me');
    response = await fetchExport();
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ErrorBody | undefined;
    throw new ApiError(response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  saveFile(await response.blob(), /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'cadence-export.json');
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => request<undefined>('DELETE', '/account', input),
  });
}
