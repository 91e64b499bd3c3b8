/**
 * Ajuda ([T] item 9): what Quita is and where it keeps things, Conciliar's shortcuts (their texts are
 * `reconcile.shortcuts.*`), the files Importar takes (`fileKinds.kinds.*`) and what to do when something goes
 * wrong. Mounted as `help`. No environment variable or code is named here: the clerk reads every line.
 */
export const helpPtBR = {
  title: 'Ajuda',
  intro:
    'Como o Quita está funcionando neste computador, os atalhos de Conciliar e o que fazer quando algo der errado.',
  about: {
    title: 'Sobre o Quita',
    version: 'Versão',
    mode: 'Como está rodando',
    modes: {
      desktop: 'Aplicativo instalado neste computador.',
      browser: 'No navegador: o Quita roda neste computador e aparece nesta aba.',
      cli: 'Pela linha de comando (terminal).',
      server:
        'Servidor do escritório: o Quita roda num computador do escritório, e cada pessoa entra com o próprio usuário.',
    },
    dataDir: 'Pasta dos dados',
    dataDirNote: 'O banco de dados de cada filial, as cópias de segurança e as configurações.',
    logFile: 'Arquivo de registro',
    logFileNote:
      'Quando o Quita avisa de uma falha em uma frase, os detalhes dela ficam guardados neste arquivo.',
    keys: 'Chaves de acesso',
    protection: {
      os: 'As chaves de integração guardadas aqui ficam no cofre de senhas do sistema operacional, protegidas pelo login deste usuário.',
      passphrase:
        'As chaves de integração guardadas aqui são cifradas com uma frase-senha definida na instalação do Quita; sem ela, não podem ser lidas.',
      keyfile:
        'As chaves de integração guardadas aqui são cifradas com um arquivo de chave que pertence a este usuário do computador.',
    },
    protectionWarning: {
      os: 'Atenção: não há cofre de senhas do sistema neste computador, então as chaves ficam apenas disfarçadas no disco. Peça a quem dá suporte ao Quita para protegê-las melhor.',
      keyfile:
        'Atenção: quem entrar neste computador com este usuário consegue usar o arquivo de chave. Quem dá suporte ao Quita pode protegê-las com uma frase-senha.',
    },
    copy: 'Copiar caminho',
    copyDataDir: 'Copiar caminho da pasta dos dados',
    copyLogFile: 'Copiar caminho do arquivo de registro',
    copied: 'Caminho copiado.',
    copyFailed: 'Não foi possível copiar: selecione o caminho e use Ctrl+C.',
  },
  shortcuts: {
    title: 'Atalhos de teclado',
    intro:
      'Em Conciliar, com a lista de lançamentos em foco. Lá, a tecla ? mostra estes atalhos a qualquer momento.',
  },
  reads: {
    title: 'O que o Quita lê',
    intro: 'Importar aceita três tipos de arquivo:',
    send: 'Enviar marca os recebíveis como pagos no EVO só depois do seu clique, ou, se estiver ligada, pela regra de envio automático que a filial escreveu em Configurações.',
  },
  trouble: {
    title: 'Quando algo der errado',
    say: 'O aviso na tela diz, numa frase, o que aconteceu e o que fazer: comece por ele.',
    log: 'Se o problema continuar, envie o arquivo de registro (acima) a quem dá suporte ao Quita da sua filial: os detalhes estão nele.',
    backups:
      'O Quita faz cópias de segurança do banco de dados todo dia; para voltar a uma delas, use Cópias de segurança em Configurações.',
    once: 'Nada é enviado duas vezes ao EVO: tentar de novo um envio que falhou é seguro.',
  },
};
