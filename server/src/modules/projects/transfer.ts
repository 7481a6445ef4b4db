// A board out and in as a file: our own export (`cadence.board`, contract/src/board-transfer.ts)
// of any board one can read, and the import of that file or of a Trello board export (trello.ts)
// as a new board of the importer's, in one transaction.
import {
  BOARD_EXPORT_FORMAT,
  BOARD_EXPORT_VERSION,
  type BoardExport,
  boardExport,
  isBuiltInTagName,
  messages,
  type PortableBoard,
} from '@cadence/contract';
import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { tagRefs } from '../../lib/tag-refs';
import { tagsNamed } from '../tags/by-name';
import type { ProjectsService } from './service';
import { POSITION_GAP } from './positions';
import { fromTrello } from './trello';
import { transaction } from '../../db/transaction';

const portableBoard = boardExport.shape.board;
/** Rows per insert: well under SQLite's 32,766 bound parameters. */
const CHUNK = 400;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK) out.push(rows.slice(start, start + CHUNK));
  return out;
}

/** The board as a file: no ids, no people but comment authors' names. */
export async function exportBoard(
  projects: Pick<ProjectsService, 'boards' | 'comments'>,
  userId: number,
  boardId: number,
): Promise<BoardExport> {
  const board = await projects.boards.getBoard(userId, boardId);
  const comments = await projects.comments.boardComments(boardId);
  // The users' tags on the cards, each once whatever its case.
  const tags = new Map<string, { name: string; color: string }>();
  for (const list of board.lists)
    for (const item of list.items)
      for (const tag of item.tags) if (!isBuiltInTagName(tag.name)) tags.set(tag.name.toLowerCase(), tag);
  return {
    format: BOARD_EXPORT_FORMAT,
    version: BOARD_EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    board: {
      name: board.name,
      description: board.description,
      tags: [...tags.values()].map(({ name, color }) => ({ name, color })),
      lists: board.lists.map((list) => ({
        name: list.name,
        status: list.status,
        headerColor: list.headerColor,
        items: list.items.map((item) => ({
          name: item.name,
          description: item.description,
          dueAt: item.dueAt,
          dueComplete: item.dueComplete,
          archived: item.archived,
          tags: item.tags.map((tag) => tag.name),
          todos: item.todos.map((todo) => ({ text: todo.text, done: todo.done })),
          comments: (comments.get(Number(item._id)) ?? []).map((comment) => ({
            author: comment.author,
            text: comment.text,
            createdAt: comment.createdAt,
          })),
        })),
      })),
    },
  };
}

/**
 * Which kind of file it is, and its board, before any write: a file that is neither answers 400
 * `IMPORT_FORMAT`, one that is damaged or too large 400 `IMPORT_INVALID`, and nothing is made.
 */
export function readBoardFile(body: unknown): { source: 'cadence' | 'trello'; board: PortableBoard } {
  const isOurs = typeof body === 'object' && body !== null && !Array.isArray(body) && 'format' in body;
  if (isOurs) {
    // A field the format does not have means a file from elsewhere, or a later version.
    if (Object.keys(body).some((key) => !(key in boardExport.shape))) throw invalid();
    const parsed = boardExport.safeParse(body);
    if (!parsed.success) throw invalid();
    return { source: 'cadence', board: parsed.data.board };
  }
  const converted = fromTrello(body);
  if (converted === null) {
    throw badRequest('IMPORT_FORMAT', 'projects.importFormat', { file: messages['projects.importFormat'] });
  }
  const parsed = portableBoard.safeParse(converted);
  if (!parsed.success) throw invalid();
  return { source: 'trello', board: parsed.data };
}

const invalid = () =>
  badRequest('IMPORT_INVALID', 'projects.importInvalid', { file: messages['projects.importInvalid'] });

/**
 * Writes the board in one transaction: the importer's own tags for the file's (an existing one of
 * the same name is reused, keeping its colour), lists, cards with positions 1,024 apart, their
 * to-dos, tags, comments (the importer's, each headed by its author's name) and one history line.
 */
export async function importBoard(
  db: Db,
  userId: number,
  file: ReturnType<typeof readBoardFile>,
): Promise<number> {
  const { board, source } = file;
  const at = new Date().toISOString();
  return transaction(db, async (trx) => {
    // The importer's tag id for each of the file's tag names (lower case), made where missing.
    const tagIds = await tagsNamed(trx, userId, board.tags, at);
    const { id: boardId } = await trx
      .insertInto('boards')
      .values({
        owner_id: userId,
        name: board.name,
        description: board.description,
        status: 'active',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [listIndex, list] of board.lists.entries()) {
      const { id: listId } = await trx
        .insertInto('board_lists')
        .values({
          board_id: boardId,
          name: list.name,
          status: list.status,
          header_color: list.headerColor,
          position: listIndex * POSITION_GAP,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (list.items.length === 0) continue;
      for (const rows of chunks(list.items.map((item, index) => ({ item, index })))) {
        await trx
          .insertInto('board_items')
          .values(
            rows.map(({ item, index }) => ({
              board_id: boardId,
              list_id: listId,
              name: item.name,
              description: item.description,
              position: index * POSITION_GAP,
              due_at: item.dueAt,
              due_complete: item.dueComplete,
              archived: item.archived,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute();
      }
      // Positions are unique within the new list: they say which row is which card.
      const ids = new Map(
        (
          await trx
            .selectFrom('board_items')
            .select(['id', 'position'])
            .where('list_id', '=', listId)
            .execute()
        ).map((row) => [Number(row.position) / POSITION_GAP, row.id]),
      );
      const todos = list.items.flatMap((item, index) =>
        item.todos.map((todo) => ({
          board_id: boardId,
          item_id: ids.get(index)!,
          text: todo.text,
          done: todo.done,
          created_at: at,
        })),
      );
      for (const rows of chunks(todos)) await trx.insertInto('item_todos').values(rows).execute();
      const tags = list.items.flatMap((item, index) =>
        // Every name is a built-in or one of the importer's tags made above.
        tagRefs(item.tags, tagIds, 'projects.importInvalid').map((ref, position) => ({
          item_id: ids.get(index)!,
          board_id: boardId,
          position,
          ...ref,
        })),
      );
      for (const rows of chunks(tags)) await trx.insertInto('item_tags').values(rows).execute();
      const comments = list.items.flatMap((item, index) =>
        item.comments.map((comment) => ({
          board_id: boardId,
          item_id: ids.get(index)!,
          author_id: userId,
          body: `${comment.author}: ${comment.text}`.slice(0, 4000),
          created_at: comment.createdAt,
          updated_at: comment.createdAt,
        })),
      );
      for (const rows of chunks(comments)) await trx.insertInto('item_comments').values(rows).execute();
      const lines = [...ids.values()].map((itemId) => ({
        board_id: boardId,
        item_id: itemId,
        actor_id: userId,
        kind: 'imported',
        detail: JSON.stringify({ name: source === 'trello' ? 'Trello' : 'Cadence' }),
        created_at: at,
      }));
      for (const rows of chunks(lines)) await trx.insertInto('item_activity').values(rows).execute();
    }
    return boardId;
  });
}
