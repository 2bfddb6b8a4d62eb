// The profile trading's checks read is the one the same request's notification uses; other
// requests, and code outside any request, read their own.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRequestProfiles } from './request-profiles';
import type { UserRow } from './repo';

const row = (id: string, language: string) => ({ id, language }) as unknown as UserRow;

function harness() {
  const reads: string[] = [];
  let language = 'id';
  const profiles = createRequestProfiles(async (userId) => {
    reads.push(userId);
    if (userId === 'broken') throw new Error('down');
    return row(userId, language);
  });
  /** Runs `fn` as the rest of one request (after the hook). */
  const inRequest = <T>(fn: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const done = () => void fn().then(resolve, reject);
      (profiles.hook as unknown as (q: FastifyRequest, r: FastifyReply, d: () => void) => void)({} as FastifyRequest, {} as FastifyReply, done);
    });
  return { profiles, reads, setLanguage: (l: string) => (language = l), inRequest };
}

describe('request profiles', () => {
  it('a request that remembered a profile recalls it without a second read, even after an await', async () => {
    const h = harness();
    const recalled = await h.inRequest(async () => {
      await h.profiles.remember('u1');
      await new Promise((resolve) => setTimeout(resolve, 5));
      h.setLanguage('en');
      return h.profiles.recall('u1');
    });
    expect(recalled?.language).toBe('id');
    expect(h.reads).toEqual(['u1']);
  });

  it('another user, another request and code outside a request read for themselves', async () => {
    const h = harness();
    await h.inRequest(async () => {
      await h.profiles.remember('u1');
      await h.profiles.recall('u2');
    });
    await h.inRequest(() => h.profiles.recall('u1'));
    await h.profiles.recall('u1');
    await h.profiles.remember('u1');
    await h.profiles.recall('u1');
    expect(h.reads).toEqual(['u1', 'u2', 'u1', 'u1', 'u1', 'u1']);
  });

  it('a failed read is not kept: the next recall reads again', async () => {
    const h = harness();
    await h.inRequest(async () => {
      await expect(h.profiles.remember('broken')).rejects.toThrow('down');
      await expect(h.profiles.recall('broken')).rejects.toThrow('down');
    });
    expect(h.reads).toEqual(['broken', 'broken']);
  });
});
