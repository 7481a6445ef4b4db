/**
 * The REPORT method on a collection: the report its body names (reports.ts) answered with the
 * members' properties asked for, whole or streamed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import type { DavUser } from '../auth/app-passwords';
import type { CollectionName, Member } from './collections';
import { bodyXml, PROPERTIES_MAX, propNames, sliced, streamed, tooMany, xmlReply } from './http';
import type { PropertyHandlers } from './propfind';
import { reports } from './reports';
import { child, DAV, isNamed } from './xml';

/** The handler of REPORT, answering with the members' responses PROPFIND writes. */
export function reportHandler(
  context: AppContext,
  { memberResponses }: Pick<PropertyHandlers, 'memberResponses'>,
) {
  const collections = context.services.davCollections;
  const base = context.config.PUBLIC_URL;

  async function report(
    request: FastifyRequest,
    reply: FastifyReply,
    user: DavUser,
    collection: CollectionName,
  ) {
    const root = await bodyXml(request);
    if (!root) throw badRequest('BAD_XML', 'dav.badXml');
    const wanted = propNames(child(root, DAV, 'prop'));
    if (wanted.length > PROPERTIES_MAX) throw tooMany();
    const respond = (members: Member[]) => memberResponses(user, collection, members, wanted);

    const run = reports.find((entry) => isNamed(root, entry.name.ns, entry.name.name));
    if (!run) throw badRequest('BAD_XML', 'dav.badXml');
    const answer = await run.report({
      root,
      userId: user.id,
      timeZone: user.timeZone,
      collection,
      base,
      db: context.database.db,
      collections,
      respond,
      respondAll: (pages) => sliced(pages, respond),
    });
    if ('body' in answer) return xmlReply(reply, answer.status, answer.body);
    return streamed(reply, '', answer.parts, answer.after);
  }

  return report;
}
