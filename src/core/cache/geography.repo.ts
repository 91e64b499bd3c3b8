import { fold } from '../api/normalize';
import type { ApiState } from '../api/schemas';
import { sql, type Insertable } from 'kysely';
import type { Schema } from '../store/schema';
import { slices, textOrder, type Tx } from '../store/store';

/** Names for display in Brazilian order ("Pará, Paraíba, Paraná"; "São Paulo" before "Sergipe"). */
const ptBR = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
const byName = <T extends { name: string }>(rows: T[]): T[] =>
  rows.sort((a, b) => ptBR.compare(a.name, b.name));

/** Geography is replaced whole (it changes rarely and comes in one request), in the caller's transaction. */
export async function replaceGeography(
  tx: Tx,
  states: ApiState[],
): Promise<{ states: number; cities: number; neighborhoods: number }> {
  await tx.deleteFrom('geo_neighborhoods').execute();
  await tx.deleteFrom('geo_cities').execute();
  await tx.deleteFrom('geo_states').execute();
  // One row per id: the API's list is taken as it is, and an id it repeats keeps its last entry.
  const st = new Map<number, Insertable<Schema['geo_states']>>();
  const ct = new Map<number, Insertable<Schema['geo_cities']>>();
  const nb = new Map<number, Insertable<Schema['geo_neighborhoods']>>();
  for (const s of states) {
    if (s.id === null) continue;
    st.set(s.id, {
      id: s.id,
      name: s.name,
      abbreviation: s.abbreviation,
      country_id: s.countryId,
      search: fold(s.name),
    });
    for (const c of s.cities) {
      if (c.id === null) continue;
      ct.set(c.id, { id: c.id, state_id: s.id, name: c.name, search: fold(c.name) });
      for (const n of c.neighborhoods) {
        if (n.id === null) continue;
        nb.set(n.id, { id: n.id, city_id: c.id, name: n.name, search: fold(n.name) });
      }
    }
  }
  for (const slice of slices([...st.values()], 1000))
    await tx.insertInto('geo_states').values(slice).execute();
  for (const slice of slices([...ct.values()], 1000))
    await tx.insertInto('geo_cities').values(slice).execute();
  for (const slice of slices([...nb.values()], 1000))
    await tx.insertInto('geo_neighborhoods').values(slice).execute();
  return { states: st.size, cities: ct.size, neighborhoods: nb.size };
}

export interface GeoStateRow {
  id: number;
  name: string;
  abbreviation: string | null;
  cities: number;
  neighborhoods: number;
}
export interface GeoCityRow {
  id: number;
  stateId: number;
  name: string;
  neighborhoods: number;
}
export interface GeoNeighborhoodRow {
  id: number;
  cityId: number;
  name: string;
}
export interface GeoHit {
  level: 'state' | 'city' | 'neighborhood';
  id: number;
  name: string;
  /** "Cambuí, Campinas — SP": the item with its parents, for display. */
  path: string;
  stateId: number;
  cityId: number | null;
}

export async function listStates(tx: Tx): Promise<GeoStateRow[]> {
  const { rows } = await sql<GeoStateRow>`
    SELECT s.id, s.name, s.abbreviation,
      (SELECT count(*) FROM geo_cities c WHERE c.state_id = s.id) AS cities,
      (SELECT count(*) FROM geo_neighborhoods n JOIN geo_cities c ON c.id = n.city_id WHERE c.state_id = s.id)
        AS neighborhoods
    FROM geo_states s ORDER BY ${textOrder(tx, 's.name')}, s.id`.execute(tx);
  return byName(rows);
}

export async function listCities(tx: Tx, stateId: number): Promise<GeoCityRow[]> {
  const { rows } = await sql<GeoCityRow>`
    SELECT c.id, c.state_id AS "stateId", c.name,
      (SELECT count(*) FROM geo_neighborhoods n WHERE n.city_id = c.id) AS neighborhoods
    FROM geo_cities c WHERE c.state_id = ${stateId} ORDER BY ${textOrder(tx, 'c.name')}, c.id`.execute(tx);
  return byName(rows);
}

export async function listNeighborhoods(tx: Tx, cityId: number): Promise<GeoNeighborhoodRow[]> {
  const rows = await tx
    .selectFrom('geo_neighborhoods')
    .select(['id', 'city_id as cityId', 'name'])
    .where('city_id', '=', cityId)
    .orderBy(textOrder(tx, 'name'))
    .orderBy('id')
    .execute();
  return byName(rows);
}

/** Accent- and case-insensitive search across the three levels ("sao" finds São Paulo and São José). */
export async function searchGeography(tx: Tx, query: string, limit: number): Promise<GeoHit[]> {
  const q = fold(query);
  if (!q) return [];
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows: states } = await sql<GeoHit>`
    SELECT 'state' AS level, s.id, s.name, s.name || COALESCE(' — ' || s.abbreviation, '') AS path,
      s.id AS "stateId", NULL AS "cityId"
    FROM geo_states s WHERE s.search LIKE ${like} ESCAPE '\\'
    ORDER BY ${textOrder(tx, 's.name')}, s.id LIMIT ${limit}`.execute(tx);
  const { rows: cities } = await sql<GeoHit>`
    SELECT 'city' AS level, c.id, c.name, c.name || ' — ' || COALESCE(s.abbreviation, s.name) AS path,
      s.id AS "stateId", c.id AS "cityId"
    FROM geo_cities c JOIN geo_states s ON s.id = c.state_id WHERE c.search LIKE ${like} ESCAPE '\\'
    ORDER BY ${textOrder(tx, 'c.name')}, c.id LIMIT ${limit}`.execute(tx);
  const { rows: neighborhoods } = await sql<GeoHit>`
    SELECT 'neighborhood' AS level, n.id, n.name,
      n.name || ', ' || c.name || ' — ' || COALESCE(s.abbreviation, s.name) AS path, s.id AS "stateId", c.id AS "cityId"
    FROM geo_neighborhoods n JOIN geo_cities c ON c.id = n.city_id JOIN geo_states s ON s.id = c.state_id
    WHERE n.search LIKE ${like} ESCAPE '\\' ORDER BY ${textOrder(tx, 'n.name')}, n.id LIMIT ${limit}`.execute(
    tx,
  );
  return [...byName(states), ...byName(cities), ...byName(neighborhoods)].slice(0, limit);
}

export async function geographyCounts(
  tx: Tx,
): Promise<{ states: number; cities: number; neighborhoods: number }> {
  const n = async (t: 'geo_states' | 'geo_cities' | 'geo_neighborhoods') =>
    (
      await tx
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  return {
    states: await n('geo_states'),
    cities: await n('geo_cities'),
    neighborhoods: await n('geo_neighborhoods'),
  };
}
