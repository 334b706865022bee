// @vitest-environment jsdom
import { ApolloClient, ApolloLink, InMemoryCache, gql } from '@apollo/client';
import { firstValueFrom, Observable, of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { lazyLink } from './lazy-link';

const subscription = gql`
  subscription Ticks {
    tick
  }
`;
const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
const execute = (link: ApolloLink) => ApolloLink.execute(link, { query: subscription }, { client });

describe('lazyLink', () => {
  it('loads its link on the first operation, once, and passes the answers through', async () => {
    const answer = { data: { tick: 1 } };
    const load = vi.fn(async () => new ApolloLink(() => of(answer)));
    const link = lazyLink(load);
    expect(load).not.toHaveBeenCalled();
    expect(await firstValueFrom(execute(link))).toEqual(answer);
    expect(await firstValueFrom(execute(link))).toEqual(answer);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never starts an operation unsubscribed before the link arrived, and stops a running one', async () => {
    const started = vi.fn();
    const stopped = vi.fn();
    let arrive!: (link: ApolloLink) => void;
    const link = lazyLink(() => new Promise((resolve) => (arrive = resolve)));
    execute(link)
      .subscribe(() => undefined)
      .unsubscribe();
    arrive(
      new ApolloLink(
        () =>
          new Observable<ApolloLink.Result>(() => {
            started();
            return stopped;
          }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).not.toHaveBeenCalled();
    const running = execute(link).subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toHaveBeenCalledTimes(1);
    running.unsubscribe();
    expect(stopped).toHaveBeenCalledTimes(1);
  });

  it('fails the operation when the load fails, and loads again for the next one', async () => {
    const load = vi
      .fn<() => Promise<ApolloLink>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(new ApolloLink(() => of({ data: { tick: 2 } })));
    const link = lazyLink(load);
    await expect(firstValueFrom(execute(link))).rejects.toThrow('offline');
    expect(await firstValueFrom(execute(link))).toEqual({ data: { tick: 2 } });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
