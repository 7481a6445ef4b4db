/**
 * One call to the API with its state, for the sign-in pages: what they used of TanStack Query's
 * `useMutation` (`mutate`, `mutateAsync`, `isPending`, `isSuccess`, `isError`, `error`), without
 * TanStack Query, which /login then does not download (bench/bundle-size.ts).
 */
import { useCallback, useState } from 'react';

type State<T> =
  | { status: 'idle' | 'pending'; data: undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: undefined; error: unknown };

const idle = { status: 'idle', data: undefined, error: null } as const;

export function useAction<Input, Output>(
  run: (input: Input) => Promise<Output>,
  onSuccess?: (value: Output) => void,
) {
  const [state, setState] = useState<State<Output>>(idle);
  const mutateAsync = useCallback(
    async (input: Input): Promise<Output> => {
      setState({ status: 'pending', data: undefined, error: null });
      try {
        const value = await run(input);
        onSuccess?.(value);
        setState({ status: 'success', data: value, error: null });
        return value;
      } catch (error) {
        setState({ status: 'error', data: undefined, error });
        throw error;
      }
    },
    // The sign-in pages pass module-level functions: the first ones are the ones.
    [],
  );
  const mutate = useCallback((input: Input) => void mutateAsync(input).catch(() => undefined), [mutateAsync]);
  return {
    mutate,
    mutateAsync,
    data: state.data,
    error: state.error,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  };
}
