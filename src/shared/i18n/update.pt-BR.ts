/** Texts of Configurações → Atualizações (mounted under `update`). */
export const updatePtBR = {
  title: 'Atualizações',
  version: 'Versão instalada: {{version}}',
  explain:
    'O Quita procura uma versão nova ao abrir e uma vez por dia, baixa em segundo plano e pergunta antes de instalar: a instalação acontece quando você fecha o Quita.',
  feed: 'Endereço de atualizações',
  feedHelp:
    'Informado pela sua rede ou pelo suporte. Precisa começar com https:// e não pode conter usuário nem senha.',
  placeholder: 'https://atualizacoes.exemplo.com.br/quita/',
  save: 'Salvar endereço',
  clear: 'Remover endereço',
  check: 'Procurar agora',
  saved: 'Endereço salvo.',
  cleared: 'Endereço removido: o Quita não procura atualizações.',
  lastCheck: 'Última procura: {{when}}',
  state: {
    not_configured: 'Nenhum endereço de atualizações configurado nesta instalação.',
    idle: 'Aguardando a próxima procura.',
    checking: 'Procurando uma versão nova…',
    up_to_date: 'O Quita está atualizado.',
    downloading: 'Baixando a versão {{available}}… {{percent}}%',
    downloaded: 'A versão {{available}} foi baixada.',
    error: 'A última procura não deu certo.',
  },
  downloaded: {
    onQuit: 'Ela será instalada quando você fechar o Quita.',
    later: 'Você escolheu não instalar agora; o Quita perguntará de novo na próxima vez que abrir.',
  },
  error: {
    offline: 'Sem conexão com o endereço de atualizações. O Quita tenta de novo amanhã ou quando você pedir.',
    feed: 'O endereço não tem as atualizações do Quita (arquivo latest.yml não encontrado). Confira o endereço.',
    download: 'O download da atualização falhou ou chegou corrompido; ele será tentado de novo.',
    unknown: 'Erro inesperado; os detalhes estão no registro do Quita.',
  },
  unsupported: {
    browser:
      'No modo navegador o Quita não se atualiza sozinho: atualize a instalação de onde ele é servido.',
    cli: 'A linha de comando não se atualiza sozinha.',
    development: 'Esta cópia do Quita não foi instalada por um instalador, então não se atualiza sozinha.',
    portable:
      'A versão portátil não se atualiza sozinha: baixe o novo arquivo .exe quando houver uma versão nova.',
    linux_package: 'Instalado por pacote .deb: atualize instalando o pacote novo.',
  },
  errors: {
    feed_invalid: 'Este endereço não é válido.',
    feed_https: 'O endereço precisa começar com https://.',
    feed_credentials: 'O endereço não pode conter usuário nem senha.',
    feed_query: 'O endereço deve ser uma pasta, sem ? nem #.',
  },
};
