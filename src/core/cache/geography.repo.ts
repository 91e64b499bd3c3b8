import { fold } from '../api/normalize';
import type { ApiState } from '../api/schemas';
import type { Db } from '../db/open-db';

/** Names for display in Brazilian order ("Pará, Paraíba, Paraná"; "São Paulo" before "Sergipe"). */
const ptBR = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
const byName = <T extends { name: string }>(rows: T[]): T[] =>
  rows.sort((a, b) => ptBR.compare(a.name, b.name));

/** Geography is replaced whole: it changes rarely and comes in one request. */
export function replaceGeography(
  db: Db,
  states: ApiState[],
): { states: number; cities: number; neighborhoods: number } {
  const counts = { states: 0, cities: 0, neighborhoods: 0 };
  const st = db.prepare(
    'INSERT OR REPLACE INTO geo_states (id, name, abbreviation, country_id, search) VALUES (?, ?, ?, ?, ?)',
  );
  const ct = db.prepare('INSERT OR REPLACE INTO geo_cities (id, state_id, name, search) VALUES (?, ?, ?, ?)');
  const nb = db.prepare(
    'INSERT OR REPLACE INTO geo_neighborhoods (id, city_id, name, search) VALUES (?, ?, ?, ?)',
  );
  db.transaction(() => {
    db.prepare('DELETE FROM geo_neighborhoods').run();
    db.prepare('DELETE FROM geo_cities').run();
    db.prepare('DELETE FROM geo_states').run();
    for (const s of states) {
      if (s.id === null) continue;
      st.run(s.id, s.name, s.abbreviation, s.countryId, fold(s.name));
      counts.states++;
      for (const c of s.cities) {
        if (c.id === null) continue;
        ct.run(c.id, s.id, c.name, fold(c.name));
        counts.cities++;
        for (const n of c.neighborhoods) {
          if (n.id === null) continue;
          nb.run(n.id, c.id, n.name, fold(n.name));
          counts.neighborhoods++;
        }
      }
    }
  })();
  return counts;
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

export function listStates(db: Db): GeoStateRow[] {
  const rows = db
    .prepare(
      `SELECT s.id, s.name, s.abbreviation,
         (SELECT count(*) FROM geo_cities c WHERE c.state_id = s.id) AS cities,
         (SELECT count(*) FROM geo_neighborhoods n JOIN geo_cities c ON c.id = n.city_id WHERE c.state_id = s.id) AS neighborhoods
       FROM geo_states s ORDER BY s.name`,
    )
    .all() as GeoStateRow[];
  return byName(rows);
}

export function listCities(db: Db, stateId: number): GeoCityRow[] {
  return byName(
    db
      .prepare(
        `SELECT c.id, c.state_id AS stateId, c.name, (SELECT count(*) FROM geo_neighborhoods n WHERE n.city_id = c.id) AS neighborhoods
       FROM geo_cities c WHERE c.state_id = ? ORDER BY c.name`,
      )
      .all(stateId) as GeoCityRow[],
  );
}

export function listNeighborhoods(db: Db, cityId: number): GeoNeighborhoodRow[] {
  return byName(
    db
      .prepare('SELECT id, city_id AS cityId, name FROM geo_neighborhoods WHERE city_id = ? ORDER BY name')
      .all(cityId) as GeoNeighborhoodRow[],
  );
}

/** Accent- and case-insensitive search across the three levels ("sao" finds São Paulo and São José). */
export function searchGeography(db: Db, query: string, limit: number): GeoHit[] {
  const q = fold(query);
  if (!q) return [];
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const states = db
    .prepare(
      `SELECT 'state' AS level, s.id, s.name, s.name || COALESCE(' — ' || s.abbreviation, '') AS path, s.id AS stateId, NULL AS cityId
       FROM geo_states s WHERE s.search LIKE ? ESCAPE '\\' ORDER BY s.name LIMIT ?`,
    )
    .all(like, limit) as GeoHit[];
  const cities = db
    .prepare(
      `SELECT 'city' AS level, c.id, c.name, c.name || ' — ' || COALESCE(s.abbreviation, s.name) AS path, s.id AS stateId, c.id AS cityId
       FROM geo_cities c JOIN geo_states s ON s.id = c.state_id WHERE c.search LIKE ? ESCAPE '\\' ORDER BY c.name LIMIT ?`,
    )
    .all(like, limit) as GeoHit[];
  const neighborhoods = db
    .prepare(
      `SELECT 'neighborhood' AS level, n.id, n.name, n.name || ', ' || c.name || ' — ' || COALESCE(s.abbreviation, s.name) AS path,
         s.id AS stateId, c.id AS cityId
       FROM geo_neighborhoods n JOIN geo_cities c ON c.id = n.city_id JOIN geo_states s ON s.id = c.state_id
       WHERE n.search LIKE ? ESCAPE '\\' ORDER BY n.name LIMIT ?`,
    )
    .all(like, limit) as GeoHit[];
  return [...byName(states), ...byName(cities), ...byName(neighborhoods)].slice(0, limit);
}

export function geographyCounts(db: Db): { states: number; cities: number; neighborhoods: number } {
  const n = (t: string) => db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number;
  return { states: n('geo_states'), cities: n('geo_cities'), neighborhoods: n('geo_neighborhoods') };
}
