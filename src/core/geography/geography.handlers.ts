import {
  geographyCounts,
  listCities,
  listNeighborhoods,
  listStates,
  searchGeography,
} from '../cache/geography.repo';
import { getSyncState } from '../cache/sync-state.repo';
import type { HandlerGroup } from '../handlers';
import { refreshGeography } from '../sync/geography-sync';

export const geographyHandlers: HandlerGroup<
  'geo.states' | 'geo.cities' | 'geo.neighborhoods' | 'geo.search' | 'geo.refresh'
> = (ctx) => ({
  'geo.states': async () =>
    ctx.store().read(async (tx) => ({
      states: await listStates(tx),
      counts: await geographyCounts(tx),
      syncedAt: (await getSyncState(tx, 'geography')).lastSuccessAt,
    })),
  'geo.cities': async ({ stateId }) => ({ cities: await ctx.store().read((tx) => listCities(tx, stateId)) }),
  'geo.neighborhoods': async ({ cityId }) => ({
    neighborhoods: await ctx.store().read((tx) => listNeighborhoods(tx, cityId)),
  }),
  'geo.search': async ({ query, limit }) => ({
    hits: await ctx.store().read((tx) => searchGeography(tx, query, limit)),
  }),
  'geo.refresh': async () => {
    const access = await ctx.api.forActiveProfile();
    return refreshGeography(ctx.store(), access.client);
  },
});
