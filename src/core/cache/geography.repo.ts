import { fold } from '../api/normalize';
import type { ApiState } from '../api/schemas';
import type { Db } from '../db/open-db';

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
