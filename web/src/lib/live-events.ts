/**
 * What the live stream (D38) and the pages share, kept apart from the stream's code so that a page
 * can take part without loading it: the board a drag is holding, whose changes from elsewhere
 * wait for the drop (a refetch under the pointer would lose the drag).
 */
let draggingBoard: string | null = null;
const waiting = new Set<string>();
let flush: (boardId: string) => void = () => undefined;

export const boardDrag = {
  /** The board page: a drag started on `boardId`. */
  start(boardId: string): void {
    draggingBoard = boardId;
  },
  /** The board page: the drag ended (dropped or cancelled); apply what arrived meanwhile. */
  end(boardId: string): void {
    if (draggingBoard === boardId) draggingBoard = null;
    if (waiting.delete(boardId)) flush(boardId);
  },
  /** The stream: true if a change to `boardId` must wait for the drop, and then remembers it. */
  holds(boardId: string): boolean {
    if (draggingBoard !== boardId) return false;
    waiting.add(boardId);
    return true;
  },
  /** The stream: how to apply a change that waited. */
  onFlush(apply: (boardId: string) => void): void {
    flush = apply;
  },
};
