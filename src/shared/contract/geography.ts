import { z } from 'zod';
import { defineCommand } from './define';

const counts = z.object({
  states: z.number().int(),
  cities: z.number().int(),
  neighborhoods: z.number().int(),
});

export const geographyCommands = {
  'geo.states': defineCommand({
    summary: 'States from the local cache, with how many cities and neighbourhoods each has',
    input: z.object({}),
    output: z.object({
      states: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          abbreviation: z.string().nullable(),
          cities: z.number().int(),
          neighborhoods: z.number().int(),
        }),
      ),
      counts,
      syncedAt: z.string().nullable(),
    }),
  }),
  'geo.cities': defineCommand({
    summary: 'Cities of one state, from the local cache',
    input: z.object({ stateId: z.number().int() }),
    output: z.object({
      cities: z.array(
        z.object({
          id: z.number().int(),
          stateId: z.number().int(),
          name: z.string(),
          neighborhoods: z.number().int(),
        }),
      ),
    }),
  }),
  'geo.neighborhoods': defineCommand({
    summary: 'Neighbourhoods of one city, from the local cache',
    input: z.object({ cityId: z.number().int() }),
    output: z.object({
      neighborhoods: z.array(z.object({ id: z.number().int(), cityId: z.number().int(), name: z.string() })),
    }),
  }),
  'geo.search': defineCommand({
    summary: 'Accent-insensitive search across states, cities and neighbourhoods',
    input: z.object({
      query: z.string().trim().min(1, 'required').max(100),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    output: z.object({
      hits: z.array(
        z.object({
          level: z.enum(['state', 'city', 'neighborhood']),
          id: z.number().int(),
          name: z.string(),
          path: z.string(),
          stateId: z.number().int(),
          cityId: z.number().int().nullable(),
        }),
      ),
    }),
  }),
  'geo.refresh': defineCommand({
    summary: 'Download the states, cities and neighbourhoods again (one request)',
    input: z.object({}),
    output: counts,
  }),
};
