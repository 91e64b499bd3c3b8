import type { Rng } from '../prng';

/** Common Brazilian given names and surnames (with their accents) for realistic, messy payer names. */
export const FEMALE_NAMES = [
  'Maria',
  'Ana',
  'Júlia',
  'Letícia',
  'Fernanda',
  'Patrícia',
  'Camila',
  'Beatriz',
  'Larissa',
  'Márcia',
  'Vitória',
  'Aline',
  'Bruna',
  'Juliana',
  'Cláudia',
  'Luciana',
  'Priscila',
  'Gabriela',
  'Mariana',
  'Tânia',
  'Sônia',
  'Renata',
  'Vanessa',
  'Isabela',
  'Lúcia',
  'Débora',
  'Flávia',
  'Carolina',
  'Natália',
  'Rafaela',
  'Amanda',
  'Jéssica',
  'Simone',
  'Helena',
  'Alícia',
  'Cecília',
  'Valéria',
  'Raquel',
  'Andréa',
  'Inês',
  'Conceição',
  'Rosângela',
  'Mônica',
  'Thaís',
  'Kátia',
  'Lívia',
  'Manuela',
  'Sofia',
  'Yasmin',
  'Lorena',
] as const;

export const MALE_NAMES = [
  'José',
  'João',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luís',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Fábio',
  'Vinícius',
  'André',
  'Sérgio',
  'Márcio',
  'Cláudio',
  'Otávio',
  'Caio',
  'Mateus',
  'Thiago',
  'Leonardo',
  'Gustavo',
  'Júlio',
  'César',
  'Rogério',
  'Flávio',
  'Vítor',
  'Henrique',
  'Joaquim',
  'Heitor',
  'Arthur',
  'Davi',
  'Bernardo',
  'Samuel',
  'Enzo',
  'Benício',
  'Renan',
  'Diego',
  'Igor',
  'Wellington',
] as const;

export const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
  'Araújo',
  'Conceição',
  'Simões',
  'Magalhães',
  'Brandão',
  'Assunção',
  'Falcão',
  'Guimarães',
  'Patrício',
  'Romão',
  'Estêvão',
  'Moura',
  'Batista',
  'Campos',
  'Monteiro',
  'Cavalcanti',
  'Pinheiro',
  'Correia',
  'Sá',
  'Leão',
  'Tavares',
  'Castro',
  'Azevedo',
] as const;

const PARTICLES = ['de', 'da', 'dos', 'do'] as const;

export interface PersonName {
  fullName: string;
  /** Last surname, which children inherit. */
  lastName: string;
  female: boolean;
}

export function randomGivenName(rng: Rng, female: boolean): string {
  return rng.pick(female ? FEMALE_NAMES : MALE_NAMES);
}

/** e.g. "Maria Aparecida de Souza Lima", "João Pedro Araújo", "Ana Sá". */
export function randomPersonName(rng: Rng, lastName?: string): PersonName {
  const female = rng.chance(0.52);
  const parts = [randomGivenName(rng, female)];
  if (rng.chance(0.3)) parts.push(randomGivenName(rng, female));
  if (rng.chance(0.55)) {
    const middle = rng.pick(SURNAMES);
    parts.push(rng.chance(0.3) ? `${rng.pick(PARTICLES)} ${middle}` : middle);
  }
  const last = lastName ?? rng.pick(SURNAMES);
  parts.push(last);
  return { fullName: parts.join(' '), lastName: last, female };
}

export const COMPANY_PAYERS = [
  'Construtora Horizonte Ltda',
  'Clínica São Lucas S/A',
  'Padaria Pão de Açúcar Ltda ME',
  'Escritório Contábil Ribeiro & Araújo',
  'Transportadora Estrela do Sul Ltda',
] as const;

/** A valid CPF (check digits computed), formatted or not. */
export function randomCpf(rng: Rng): string {
  const d = Array.from({ length: 9 }, () => rng.int(0, 9));
  for (const len of [9, 10]) {
    const sum = d.slice(0, len).reduce((s, n, i) => s + n * (len + 1 - i), 0);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}
