/**
 * A list page's search box whose words live in the address (`?q=`): sent a moment after typing stops,
 * replacing the history entry, and shown again when the address changes elsewhere (a link, going
 * back). Going to other words starts again at the first page.
 */
import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export function AddressSearchBox({ label }: { label: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const inAddress = searchParams.get('q') ?? '';
  const [text, setText] = useState(inAddress);
  const sent = useRef(inAddress);
  useEffect(() => {
    if (inAddress !== sent.current) setText(inAddress);
    sent.current = inAddress;
  }, [inAddress]);
  const send = useDebouncedCallback((value: string) => {
    const words = value.trim();
    sent.current = words;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (words) next.set('q', words);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, 300);
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} />}
      maxLength={100}
      w={{ base: '100%', sm: 260 }}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
    />
  );
}
