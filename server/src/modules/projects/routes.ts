/** The spec's Projects table (part 7), exactly those paths and payloads (D16–D18). */
import {
  board,
  boardList,
  boardSummary,
  createBoardInput,
  createItemInput,
  createListInput,
  createTodoInput,
  entityId,
  errorBody,
  itemTodo,
  listItem,
  listOf,
  moveItemInput,
  moveItemResult,
  BOARD_EXPORT_FORMAT,
  BOARD_EXPORT_VERSION,
  exportFileName,
  boardFilterQuery,
  commentInput,
  itemActivity,
  itemComment,
  itemMatch,
  projectsQuery,
  updateBoardInput,
  updateItemInput,
  updateListInput,
  updateTodoInput,
} from '@cadence/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { passBytes, sendVersioned } from '../../lib/cached-json';
import { userOf } from '../auth/authenticate';
import { authorizeBoardsOf } from './policy';
import { exportBoard } from './transfer';

/** A Trello export of a busy board runs to a few megabytes. */
export const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

const noContent = z.null().describe('No content');
const secured = { tags: ['projects'] };
const errors = { 400: errorBody, 403: errorBody, 404: errorBody };

const boardParams = z.object({ boardId: entityId });
const listParams = boardParams.extend({ listId: entityId });
const itemParams = listParams.extend({ itemId: entityId });
const todoParams = itemParams.extend({ todoId: entityId });
/** A card by its board and id, whatever its list (a move, its comments, its history). */
const cardParams = boardParams.extend({ itemId: entityId });
const commentParams = cardParams.extend({ commentId: entityId });

/** Weak: one tag names the board's version in every encoding. */
const boardEtag = (boardId: number, version: number) => `W/"board-${boardId}-v${version}"`;

export function projectsRoutes(app: FastifyInstance, context: AppContext): void {
  const { projects } = context.services;
  const { boards, lists, items, comments, checklists } = projects;

  /**
   * A board read: one point query checks access and gives the version; a client holding that
   * version's ETag gets 304 without the board being read; otherwise the cached bytes, compressed
   * once per version, in the encoding the client accepts.
   */
  async function sendBoard(request: FastifyRequest, reply: FastifyReply, userId: number, boardId: number) {
    const { version } = await boards.access(userId, boardId);
    return sendVersioned(request, reply, boardEtag(boardId, version), () =>
      boards.boardJson(boardId, version),
    );
  }

  const api = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof userOf>[0]) => userOf(request).id;

  api.get('/projects', {
    serializerCompiler: passBytes,
    schema: {
      ...secured,
      summary:
        '?user={myId}: my boards (owned or shared) · ?id={boardId}: one board with its lists and items in order',
      querystring: projectsQuery,
      response: {
        200: z.union([listOf(boardSummary), z.object({ data: board })]),
        304: z.null().describe("Not modified: the If-None-Match tag is the board's current version"),
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const userId = me(request);
      if (request.query.id !== undefined) return sendBoard(request, reply, userId, Number(request.query.id));
      authorizeBoardsOf(userId, request.query.user);
      return boards.listBoards(userId);
    },
  });

  api.post('/projects', {
    schema: {
      ...secured,
      summary: 'Create a board',
      body: createBoardInput,
      response: { 201: board, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await boards.createBoard(me(request), request.body)),
  });

  api.put('/projects/:boardId', {
    schema: {
      ...secured,
      summary: 'Change a board: name, description, status (archive/restore), members — the owner only',
      params: boardParams,
      body: updateBoardInput,
      response: { 200: board, ...errors },
    },
    handler: (request) => boards.updateBoard(me(request), Number(request.params.boardId), request.body),
  });

  api.delete('/projects/:boardId', {
    schema: {
      ...secured,
      summary: 'Delete a board — the owner only',
      params: boardParams,
      response: { 204: noContent, ...errors },
    },
    handler: async (request, reply) => {
      await boards.deleteBoard(me(request), Number(request.params.boardId));
      return reply.code(204).send(null);
    },
  });

  api.post('/projects/:boardId/lists', {
    schema: {
      ...secured,
      summary: 'Add a list at the end',
      params: boardParams,
      body: createListInput,
      response: { 201: boardList, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await lists.createList(me(request), Number(request.params.boardId), request.body)),
  });

  api.put('/projects/:boardId/lists/:listId', {
    schema: {
      ...secured,
      summary:
        'Rename, archive ({status:"inactive"}), restore, recolour, or move ({index}: 0-based among all the board\'s lists) a list',
      params: listParams,
      body: updateListInput,
      response: { 200: boardList, ...errors },
    },
    handler: (request) =>
      lists.updateList(
        me(request),
        Number(request.params.boardId),
        Number(request.params.listId),
        request.body,
      ),
  });

  api.put('/projects/:boardId/lists/items/:itemId', {
    schema: {
      ...secured,
      summary:
        'Move an item within or across lists; answers the new version and the order of the lists it touched',
      params: cardParams,
      body: moveItemInput,
      response: { 200: moveItemResult, ...errors },
    },
    handler: (request) =>
      items.moveItem(
        me(request),
        Number(request.params.boardId),
        Number(request.params.itemId),
        request.body,
      ),
  });

  api.post('/projects/:boardId/lists/:listId/items', {
    schema: {
      ...secured,
      summary: 'Add an item at the end of a list',
      params: listParams,
      body: createItemInput,
      response: { 201: listItem, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await items.createItem(
            me(request),
            Number(request.params.boardId),
            Number(request.params.listId),
            request.body,
          ),
        ),
  });

  api.put('/projects/:boardId/lists/:listId/items/:itemId', {
    schema: {
      ...secured,
      summary: 'Change an item, or move it within its list ({index})',
      params: itemParams,
      body: updateItemInput,
      response: { 200: listItem, ...errors },
    },
    handler: (request) =>
      items.updateItem(
        me(request),
        Number(request.params.boardId),
        Number(request.params.listId),
        Number(request.params.itemId),
        request.body,
      ),
  });

  api.delete('/projects/:boardId/lists/:listId/items/:itemId', {
    schema: {
      ...secured,
      summary: 'Delete an item',
      params: itemParams,
      response: { 204: noContent, ...errors },
    },
    handler: async (request, reply) => {
      const { boardId, listId, itemId } = request.params;
      await items.deleteItem(me(request), Number(boardId), Number(listId), Number(itemId));
      return reply.code(204).send(null);
    },
  });

  api.post('/projects/:boardId/lists/:listId/items/:itemId/todo', {
    schema: {
      ...secured,
      summary: "Add to an item's to-do list",
      params: itemParams,
      body: createTodoInput,
      response: { 201: itemTodo, ...errors },
    },
    handler: async (request, reply) => {
      const { boardId, listId, itemId } = request.params;
      return reply
        .code(201)
        .send(
          await checklists.createTodo(
            me(request),
            Number(boardId),
            Number(listId),
            Number(itemId),
            request.body,
          ),
        );
    },
  });

  api.put('/projects/:boardId/lists/:listId/items/:itemId/todo/:todoId', {
    schema: {
      ...secured,
      summary: 'Change an item to-do (text, done)',
      params: todoParams,
      body: updateTodoInput,
      response: { 200: itemTodo, ...errors },
    },
    handler: (request) => {
      const { boardId, listId, itemId, todoId } = request.params;
      return checklists.updateTodo(
        me(request),
        Number(boardId),
        Number(listId),
        Number(itemId),
        Number(todoId),
        request.body,
      );
    },
  });

  api.delete('/projects/:boardId/lists/:listId/items/:itemId/todo/:todoId', {
    schema: {
      ...secured,
      summary: 'Delete an item to-do',
      params: todoParams,
      response: { 204: noContent, ...errors },
    },
    handler: async (request, reply) => {
      const { boardId, listId, itemId, todoId } = request.params;
      await checklists.deleteTodo(
        me(request),
        Number(boardId),
        Number(listId),
        Number(itemId),
        Number(todoId),
      );
      return reply.code(204).send(null);
    },
  });

  api.get('/projects/:boardId/items', {
    schema: {
      ...secured,
      summary:
        'The cards that pass a filter (the board page’s address): q in name or description, any tag, any member (`none`: no one), due overdue | week | none',
      params: boardParams,
      querystring: boardFilterQuery,
      response: { 200: listOf(itemMatch), ...errors },
    },
    handler: async (request) => {
      const data = await boards.matches(me(request), Number(request.params.boardId), request.query);
      return { data, count: data.length };
    },
  });

  api.get('/projects/:boardId/items/:itemId/comments', {
    schema: {
      ...secured,
      summary: 'A card’s comments, newest first',
      params: cardParams,
      response: { 200: listOf(itemComment), ...errors },
    },
    handler: async (request) => {
      const { boardId, itemId } = request.params;
      const data = await comments.comments(me(request), Number(boardId), Number(itemId));
      return { data, count: data.length };
    },
  });

  api.post('/projects/:boardId/items/:itemId/comments', {
    schema: {
      ...secured,
      summary: 'Comment on a card',
      params: cardParams,
      body: commentInput,
      response: { 201: itemComment, ...errors },
    },
    handler: async (request, reply) => {
      const { boardId, itemId } = request.params;
      return reply
        .code(201)
        .send(await comments.addComment(me(request), Number(boardId), Number(itemId), request.body));
    },
  });

  api.put('/projects/:boardId/items/:itemId/comments/:commentId', {
    schema: {
      ...secured,
      summary: 'Change one’s own comment (403 for anyone else’s)',
      params: commentParams,
      body: commentInput,
      response: { 200: itemComment, ...errors },
    },
    handler: (request) => {
      const { boardId, itemId, commentId } = request.params;
      return comments.editComment(
        me(request),
        Number(boardId),
        Number(itemId),
        Number(commentId),
        request.body,
      );
    },
  });

  api.delete('/projects/:boardId/items/:itemId/comments/:commentId', {
    schema: {
      ...secured,
      summary: 'Delete one’s own comment (403 for anyone else’s)',
      params: commentParams,
      response: { 204: noContent, ...errors },
    },
    handler: async (request, reply) => {
      const { boardId, itemId, commentId } = request.params;
      await comments.deleteComment(me(request), Number(boardId), Number(itemId), Number(commentId));
      return reply.code(204).send(null);
    },
  });

  api.get('/projects/:boardId/items/:itemId/activity', {
    schema: {
      ...secured,
      summary: 'A card’s history, newest first: created, moved, renamed, due date, members, tags, archived',
      params: cardParams,
      response: { 200: listOf(itemActivity), ...errors },
    },
    handler: async (request) => {
      const { boardId, itemId } = request.params;
      const data = await items.activity(me(request), Number(boardId), Number(itemId));
      return { data, count: data.length };
    },
  });

  api.get('/projects/:boardId/export', {
    schema: {
      ...secured,
      summary: 'The board as a file (cadence.board version 1): lists, cards, tags, to-dos, comments; no ids',
      params: boardParams,
      // The file's schema is `boardExport` (contract/src/board-transfer.ts); its dates are parsed
      // with transforms, which a response schema cannot run backwards.
      response: {
        200: z
          .object({
            format: z.literal(BOARD_EXPORT_FORMAT),
            version: z.literal(BOARD_EXPORT_VERSION),
            exportedAt: z.string(),
            board: z.unknown(),
          })
          .describe('A cadence.board file: see BoardExport'),
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const file = await exportBoard(projects, me(request), Number(request.params.boardId));
      reply.header('content-disposition', `attachment; filename="${exportFileName(file.board.name)}"`);
      return file;
    },
  });

  api.post('/projects/import', {
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      ...secured,
      summary:
        'A new board of mine from a Trello board export (JSON) or a Cadence board export; 400 IMPORT_FORMAT for anything else, IMPORT_INVALID when damaged or too large, and nothing is made',
      body: z.unknown().describe('The file’s JSON, as it is'),
      response: { 201: board, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await boards.importBoard(me(request), request.body)),
  });
}
