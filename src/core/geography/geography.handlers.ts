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
  'geo.states': async () => {
    const db = ctx.db();
    return {
      states: listStates(db),
      counts: geographyCounts(db),
      syncedAt: getSyncState(db, 'geography').lastSuccessAt,
    };
  },
  'geo.cities': async ({ stateId }) => ({ cities: listCities(ctx.db(), stateId) }),
  'geo.neighborhoods': async ({ cityId }) => ({ neighborhoods: listNeighborhoods(ctx.db(), cityId) }),
  'geo.search': async ({ query, limit }) => ({ hits: searchGeography(ctx.db(), query, limit) }),
  'geo.refresh': async () => {
    const access = await ctx.api.forActiveProfile();
    return refreshGeography(ctx.db(), access.client);
  },
});
