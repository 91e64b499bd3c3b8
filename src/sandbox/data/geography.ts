/**
 * All 27 Brazilian federative units with a realistic subset of real cities (capital first) and real
 * neighbourhood names. Static: the ids do not depend on the seed, like a real country table.
 */
export interface Neighborhood {
  idNeighborhood: number;
  idCity: number;
  description: string;
}
export interface City {
  idCity: number;
  idState: number;
  name: string;
  neighborhoods: Neighborhood[];
}
export interface State {
  idState: number;
  name: string;
  abbreviation: string;
  idCountry: number;
  cities: City[];
}

// One line per city: "City: neighbourhood, neighbourhood, ...".
// prettier-ignore
const RAW: readonly (readonly [string, string, readonly string[]])[] = [
  ['AC', 'Acre', ['Rio Branco: Centro, Bosque, Estação Experimental, Tucumã, Cadeia Velha', 'Cruzeiro do Sul: Centro']],
  ['AL', 'Alagoas', ['Maceió: Ponta Verde, Pajuçara, Jatiúca, Farol, Centro, Cruz das Almas', 'Arapiraca: Centro, Baixa Grande, Brasiliana']],
  ['AP', 'Amapá', ['Macapá: Centro, Trem, Buritizal, Santa Rita, Laguinho', 'Santana: Centro, Paraíso']],
  ['AM', 'Amazonas', ['Manaus: Adrianópolis, Centro, Ponta Negra, Cidade Nova, Flores, Parque 10 de Novembro, Aleixo', 'Parintins: Centro, Palmares']],
  ['BA', 'Bahia', ['Salvador: Barra, Pituba, Rio Vermelho, Itaigara, Caminho das Árvores, Ondina, Brotas, Itapuã', 'Feira de Santana: Centro, Kalilândia, Santa Mônica, Capuchinhos', 'Vitória da Conquista: Centro, Candeias, Recreio', 'Ilhéus: Centro, Pontal']],
  ['CE', 'Ceará', ['Fortaleza: Aldeota, Meireles, Fátima, Benfica, Cocó, Papicu, Messejana, Praia de Iracema', 'Juazeiro do Norte: Centro, Lagoa Seca, Triângulo', 'Sobral: Centro, Junco']],
  ['DF', 'Distrito Federal', ['Brasília: Asa Sul, Asa Norte, Lago Sul, Sudoeste, Noroeste, Cruzeiro', 'Taguatinga: Taguatinga Centro, Taguatinga Norte, Taguatinga Sul', 'Águas Claras: Águas Claras, Areal', 'Ceilândia: Ceilândia Centro, Ceilândia Norte, Ceilândia Sul']],
  ['ES', 'Espírito Santo', ['Vitória: Jardim da Penha, Praia do Canto, Jardim Camburi, Centro, Bento Ferreira, Enseada do Suá', 'Vila Velha: Praia da Costa, Itapuã, Centro, Itaparica', 'Serra: Laranjeiras, Jacaraípe', 'Cariacica: Campo Grande, Jardim América']],
  ['GO', 'Goiás', ['Goiânia: Setor Bueno, Setor Marista, Setor Oeste, Jardim Goiás, Centro, Setor Sul', 'Anápolis: Centro, Jundiaí, Jardim Alexandrina', 'Aparecida de Goiânia: Setor Garavelo, Cidade Vera Cruz']],
  ['MA', 'Maranhão', ['São Luís: Renascença, Calhau, Ponta d\'Areia, Centro, Cohama, São Francisco', 'Imperatriz: Centro, Bacuri, Nova Imperatriz']],
  ['MT', 'Mato Grosso', ['Cuiabá: Centro Norte, Centro Sul, Goiabeiras, Duque de Caxias, Jardim das Américas, Bosque da Saúde', 'Várzea Grande: Centro, Cristo Rei', 'Rondonópolis: Centro, Vila Aurora']],
  ['MS', 'Mato Grosso do Sul', ['Campo Grande: Centro, Jardim dos Estados, Chácara Cachoeira, Tiradentes, Santa Fé', 'Dourados: Centro, Jardim América']],
  ['MG', 'Minas Gerais', ['Belo Horizonte: Savassi, Funcionários, Lourdes, Pampulha, Sion, Buritis, Santo Agostinho, Castelo', 'Uberlândia: Centro, Santa Mônica, Tibery, Jardim Karaíba', 'Juiz de Fora: Centro, São Mateus, Cascatinha', 'Contagem: Eldorado, Centro, Riacho', 'Montes Claros: Centro, Todos os Santos']],
  ['PA', 'Pará', ['Belém: Nazaré, Umarizal, Batista Campos, Marco, Reduto, Pedreira, Cidade Velha', 'Ananindeua: Centro, Cidade Nova', 'Santarém: Centro, Aldeia, Aparecida']],
  ['PB', 'Paraíba', ['João Pessoa: Manaíra, Tambaú, Cabo Branco, Bessa, Centro, Bancários', 'Campina Grande: Centro, Catolé, Prata']],
  ['PR', 'Paraná', ['Curitiba: Batel, Água Verde, Centro, Bigorrilho, Portão, Boqueirão, Juvevê, Cabral', 'Londrina: Centro, Gleba Palhano', 'Maringá: Centro, Zona 7, Jardim Alvorada', 'Ponta Grossa: Centro, Uvaranas, Oficinas']],
  ['PE', 'Pernambuco', ['Recife: Boa Viagem, Casa Forte, Graças, Espinheiro, Pina, Madalena, Aflitos, Boa Vista', 'Olinda: Casa Caiada, Bairro Novo, Rio Doce', 'Jaboatão dos Guararapes: Piedade, Candeias', 'Caruaru: Centro, Maurício de Nassau, Universitário', 'Petrolina: Centro, Areia Branca']],
  ['PI', 'Piauí', ['Teresina: Centro, Jóquei, Fátima, Ilhotas, São Cristóvão, Horto', 'Parnaíba: Centro, Frei Higino']],
  ['RJ', 'Rio de Janeiro', ['Rio de Janeiro: Copacabana, Ipanema, Leblon, Botafogo, Tijuca, Barra da Tijuca, Flamengo, Méier, Laranjeiras, Recreio dos Bandeirantes', 'Niterói: Icaraí, Santa Rosa, Centro, São Francisco, Ingá', 'Duque de Caxias: Centro, Jardim Vinte e Cinco de Agosto', 'Nova Iguaçu: Centro, Posse', 'Petrópolis: Centro, Itaipava, Quitandinha, Valparaíso']],
  ['RN', 'Rio Grande do Norte', ['Natal: Ponta Negra, Tirol, Petrópolis, Lagoa Nova, Capim Macio, Candelária', 'Mossoró: Centro, Nova Betânia, Abolição']],
  ['RS', 'Rio Grande do Sul', ['Porto Alegre: Moinhos de Vento, Bela Vista, Menino Deus, Cidade Baixa, Petrópolis, Tristeza, Centro Histórico, Bom Fim', 'Caxias do Sul: Centro, São Pelegrino, Exposição, Pio X', 'Pelotas: Centro, Três Vendas, Areal', 'Canoas: Centro, Marechal Rondon, Niterói', 'Santa Maria: Centro, Camobi']],
  ['RO', 'Rondônia', ['Porto Velho: Centro, Olaria, Embratel, Nova Porto Velho, São Cristóvão', 'Ji-Paraná: Centro, Nova Brasília']],
  ['RR', 'Roraima', ['Boa Vista: Centro, São Francisco, Caçari, Mecejana, Aparecida, Paraviana', 'Rorainópolis: Centro']],
  ['SC', 'Santa Catarina', ['Florianópolis: Centro, Trindade, Agronômica, Itacorubi, Lagoa da Conceição, Ingleses do Rio Vermelho, Córrego Grande, Estreito', 'Joinville: Centro, América, Atiradores, Glória, Saguaçu', 'Blumenau: Centro, Vila Nova, Itoupava Seca, Velha', 'Balneário Camboriú: Centro, Pioneiros, Nações', 'Chapecó: Centro, Passo dos Fortes']],
  ['SP', 'São Paulo', ['São Paulo: Moema, Pinheiros, Vila Mariana, Tatuapé, Santana, Perdizes, Itaim Bibi, Mooca, Brooklin, Vila Madalena, Lapa, Saúde, Butantã, Jardim Paulista, Bela Vista', 'Campinas: Cambuí, Centro, Taquaral, Barão Geraldo, Guanabara', 'Santos: Gonzaga, Boqueirão, Ponta da Praia, Aparecida, Embaré', 'Ribeirão Preto: Centro, Jardim Irajá, Ribeirânia, Alto da Boa Vista', 'São José dos Campos: Jardim Aquarius, Vila Adyana, Centro, Jardim Satélite', 'Guarulhos: Centro, Vila Augusta, Macedo', 'Sorocaba: Centro, Campolim, Vila Trujillo']],
  ['SE', 'Sergipe', ['Aracaju: Atalaia, Jardins, Grageru, Treze de Julho, Centro, Farolândia, Coroa do Meio', 'Lagarto: Centro', 'Itabaiana: Centro']],
  ['TO', 'Tocantins', ['Palmas: Plano Diretor Sul, Plano Diretor Norte, Taquaralto, Aureny III', 'Araguaína: Centro', 'Gurupi: Centro']],
];

/** Builds the nested tree with sequential ids (states in the order above, cities and neighbourhoods global). */
export function buildGeography(idCountry: number): State[] {
  let nextCity = 1;
  let nextNeighborhood = 1;
  return RAW.map(([abbreviation, name, cities], i) => {
    const idState = i + 1;
    return {
      idState,
      name,
      abbreviation,
      idCountry,
      cities: cities.map((line) => {
        const [cityName, list] = line.split(': ') as [string, string];
        const idCity = nextCity++;
        return {
          idCity,
          idState,
          name: cityName,
          neighborhoods: list.split(', ').map((description) => ({
            idNeighborhood: nextNeighborhood++,
            idCity,
            description,
          })),
        };
      }),
    };
  });
}
