/** Boards for the model's unit tests: lists and cards as the server would send them. */
import type { Board, BoardList, ListItem } from '@cadence/contract';

export function testList(id: string, items: ListItem[], status: BoardList['status'] = 'active'): BoardList {
  return { _id: id, name: `List ${id}`, status, project: '1', headerColor: 'purple', items };
}

export function testBoard(...lists: BoardList[]): Board {
  return {
    _id: '1',
    name: 'Board',
    description: '',
    status: 'active',
    user: '1',
    owner: { _id: '1', username: 'owner', fullName: 'Owner', avatar: null, country: '' },
    members: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    lists,
    version: 1,
  };
}
