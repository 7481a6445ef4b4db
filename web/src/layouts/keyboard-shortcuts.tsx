/**
 * The keyboard shortcuts of signed-in pages (D48): `?` lists them, `/` puts the cursor in the
 * page's search, `g` then `b`, `t`, `c` or `m` (within a second and a half) go to boards, to-dos,
 * calendar or meetings; on a board, `n` opens the add-card field of the list that holds the focus
 * (the first list when none does). A key typed in a field, or with Ctrl, Alt or ⌘, is the field's or the
 * browser's: shortcuts only act on the page itself.
 */
import { Kbd, Modal, Table } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';

/** Where `g` then a letter goes. */
export const goTo = {
  b: '/apps/projects',
  t: '/apps/todo',
  c: '/apps/calendar',
  m: '/apps/meetings',
} as const;

const SEQUENCE_MS = 1500;

/** Whether the key belongs to what has the focus (a field, an editable text, a select). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable="true"], [role="textbox"]') !== null;
}

/** The board page's address (`features/projects`), where `n` adds a card. */
const BOARD_PATH = '/apps/project/:id';

/**
 * Opens the add-card field of the list holding the focus, or of the first list, and focuses it.
 * The board's columns carry `data-list-id` and their "Add a card" button `data-add-card`.
 */
function addCardInFocusedList(): boolean {
  // A dialog over the board (a card's details) keeps its keys.
  if (document.activeElement?.closest('[role="dialog"]')) return false;
  const focused = document.activeElement?.closest<HTMLElement>('[data-list-id]');
  const list = focused ?? document.querySelector<HTMLElement>('main [data-list-id]');
  if (!list) return false;
  const button = list.querySelector<HTMLButtonElement>('[data-add-card]');
  if (button) {
    if (button.disabled) return false;
    button.click();
    return true;
  }
  // The field is open already: go back to it.
  const field = list.querySelector<HTMLInputElement>('form input');
  field?.focus();
  return field !== null;
}

/** The page's search field: the first search box of the main content. */
function pageSearch(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>('main input[type="search"]');
}

export function KeyboardShortcuts() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const goPressedAt = useRef<number | null>(null);
  const onBoard = useMatch(BOARD_PATH) !== null;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingIn(event.target)) return;
      const after = goPressedAt.current;
      goPressedAt.current = null;
      if (after !== null && event.timeStamp - after <= SEQUENCE_MS && event.key in goTo) {
        event.preventDefault();
        void navigate(goTo[event.key as keyof typeof goTo]);
        return;
      }
      if (event.key === '?') {
        event.preventDefault();
        open();
      } else if (event.key === '/') {
        const search = pageSearch();
        if (!search) return;
        event.preventDefault();
        search.focus();
      } else if (event.key === 'g') {
        goPressedAt.current = event.timeStamp;
      } else if (event.key === 'n' && onBoard) {
        if (addCardInFocusedList()) event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, open, onBoard]);

  const rows: Array<[keys: string[], label: string]> = [
    [['?'], t('navbar.shortcuts.list')],
    [['/'], t('navbar.shortcuts.search')],
    [['g', 'b'], t('navbar.shortcuts.boards')],
    [['g', 't'], t('navbar.shortcuts.todos')],
    [['g', 'c'], t('navbar.shortcuts.calendar')],
    [['g', 'm'], t('navbar.shortcuts.meetings')],
    // Listed where it acts.
    ...(onBoard ? [[['n'], t('navbar.shortcuts.addCard')] as [string[], string]] : []),
  ];

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('navbar.shortcuts.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      <Table data-testid="shortcuts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('navbar.shortcuts.keys')}</Table.Th>
            <Table.Th>{t('navbar.shortcuts.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([keys, label]) => (
            <Table.Tr key={keys.join(' ')}>
              <Table.Td>
                {keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && ` ${t('navbar.shortcuts.then')} `}
                    <Kbd>{key}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{label}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
