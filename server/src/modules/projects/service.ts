// The projects module's services, one per part of a board, built on one BoardWrites so that all
// of a board's writes in this process queue behind each other whichever part makes them.
import { BoardWrites, type ProjectsServiceDeps } from './board-writes';
import { BoardsService } from './boards';
import { ChecklistsService } from './checklists';
import { CommentsService } from './comments';
import { ItemsService } from './items';
import { ListsService } from './lists';

export class ProjectsService {
  readonly boards: BoardsService;
  readonly lists: ListsService;
  readonly items: ItemsService;
  readonly comments: CommentsService;
  readonly checklists: ChecklistsService;

  constructor(deps: ProjectsServiceDeps) {
    const parts = { ...deps, writes: new BoardWrites(deps) };
    this.boards = new BoardsService(parts);
    this.lists = new ListsService(parts);
    this.items = new ItemsService(parts);
    this.comments = new CommentsService(parts);
    this.checklists = new ChecklistsService(parts);
  }
}
