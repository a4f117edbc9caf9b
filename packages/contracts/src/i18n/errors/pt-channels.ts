import type { ErrorCatalogue } from '../index.js';

/** Error texts (pt) of channels and WhatsApp, and readiness; joined in pt.ts. */
export const errorsPtChannels = {
  // WhatsApp and channels
  ERR_WAPP_INVALID_CONTACT: {
    message: 'Este não é um número de WhatsApp válido.',
    description: 'O número informado não está registrado no WhatsApp.',
    detail: 'Confira o número com código do país e DDD e tente novamente.',
  },
  ERR_WAPP_CHECK_CONTACT: {
    message: 'Não foi possível verificar o contato no WhatsApp.',
    description: 'A consulta do número no WhatsApp falhou.',
    detail: 'Verifique se a conexão está ativa em Conexões e tente novamente.',
  },
  ERR_DELETE_WAPP_MSG: {
    message: 'Não é possível apagar esta mensagem.',
    description: 'Só é possível apagar mensagens enviadas nas últimas 24 horas.',
    detail: 'Mensagens mais antigas não podem ser apagadas no WhatsApp.',
  },
  ERR_SENDING_WAPP_MSG: {
    message: 'Erro ao enviar a mensagem pelo WhatsApp.',
    description: 'O WhatsApp não aceitou o envio da mensagem.',
    detail: 'Verifique a conexão em Conexões e tente enviar novamente.',
  },
  ERR_WAPP_NOT_INITIALIZED: {
    message: 'Conexão do WhatsApp não iniciada.',
    description: 'A conexão do WhatsApp não está conectada ou está sendo reiniciada.',
    detail: 'Aguarde alguns instantes ou verifique o status em Conexões; se necessário, leia o QR code novamente.',
  },
  ERR_CONTACTS_NOT_EXISTS_WHATSAPP: {
    message: 'Contato não existe no WhatsApp.',
    description: 'Um ou mais números informados não estão registrados no WhatsApp.',
    detail: 'Revise os números dos contatos e tente novamente.',
  },
  ERR_NO_WAPP_FOUND: {
    message: 'Conexão não encontrada.',
    description: 'A conexão solicitada não existe ou foi excluída.',
    detail: 'Atualize a lista de conexões e tente novamente.',
  },
  ERR_NO_DEF_WAPP_FOUND: {
    message: 'Nenhuma conexão padrão encontrada.',
    description: 'Não há uma conexão definida como padrão para esta empresa.',
    detail: 'Defina uma conexão como padrão em Conexões.',
  },
  ERR_FETCH_WAPP_MSG: {
    message: 'Erro ao buscar a mensagem no WhatsApp.',
    description: 'A mensagem é muito antiga e não pôde ser recuperada do WhatsApp.',
    detail: 'Mensagens antigas podem não estar mais disponíveis no aparelho.',
  },
  ERR_MEDIA_DOWNLOAD_FAILED: {
    message: 'Falha ao baixar a mídia.',
    description: 'Não foi possível baixar o arquivo de mídia da mensagem.',
    detail: 'Tente novamente mais tarde; a mídia pode ter expirado no aparelho de origem.',
  },
  ERR_CHANNEL_NAME_EXISTS: {
    message: 'Já existe uma conexão com este nome.',
    description: 'O nome de cada conexão é único na empresa.',
    detail: 'Escolha outro nome para a conexão.',
  },
  ERR_CHANNEL_TOKEN_INVALID: {
    message: 'O provedor recusou o token da conexão.',
    description: 'O token ou as credenciais informados não foram aceitos pelo provedor.',
    detail: 'Confira o token e as credenciais no painel do provedor e tente de novo.',
  },
  ERR_WEBHOOK_SIGNATURE: {
    message: 'Assinatura do webhook inválida.',
    description: 'A chamada não foi assinada pelo provedor com o segredo desta conexão.',
    detail: 'Confira o segredo do aplicativo configurado na conexão.',
  },
  ERR_WINDOW_CLOSED: {
    message: 'A janela de 24 horas está fechada.',
    description: 'O cliente não escreve há mais de 24 horas; só um modelo aprovado pode ser enviado.',
    detail: 'Envie um modelo (template) aprovado para reabrir a conversa.',
  },
  ERR_NO_TEMPLATE_FOUND: {
    message: 'Modelo não encontrado.',
    description: 'O modelo não existe ou não está aprovado nesta conexão.',
    detail: 'Sincronize os modelos da conexão e tente de novo.',
  },
  ERR_CHANNEL_NOT_SUPPORTED: {
    message: 'Ação não disponível para este tipo de conexão.',
    description: 'O provedor desta conexão não oferece esta ação.',
    detail: 'Use uma conexão de outro tipo para esta ação.',
  },
  ERR_REQUEST_TOO_LARGE: {
    message: 'A requisição é grande demais.',
    description: 'Os dados enviados passam do tamanho que o servidor aceita.',
    detail: 'Envie menos dados de cada vez e tente de novo.',
  },
  ERR_UNSUPPORTED_MEDIA_TYPE: {
    message: 'Formato da requisição não suportado.',
    description: 'Os dados foram enviados num formato que este endereço não aceita.',
    detail: 'Atualize a página e tente de novo; se persistir, fale com o suporte.',
  },
  ERR_PROXY_PRIVATE_ADDRESS: {
    message: 'O proxy não pode apontar para um endereço interno.',
    description: 'O endereço do proxy está numa rede privada, local ou reservada.',
    detail: 'Use um proxy acessível pela internet, ou peça ao operador para permitir endereços privados.',
  },
  ERR_PROVIDER_UNAVAILABLE: {
    message: 'O provedor não respondeu.',
    description: 'Não foi possível falar com o provedor do canal, ou ele respondeu com um erro.',
    detail: 'Aguarde um instante e tente de novo.',
  },
  // Prontidão (/readyz)
  ERR_DATABASE_UNAVAILABLE: {
    message: 'O banco de dados está indisponível.',
    description: 'O servidor não consegue acessar o banco de dados neste momento.',
    detail:
      'Aguarde um instante e tente de novo. Se continuar, o administrador deve verificar o servidor do banco de dados.',
  },
  ERR_JOB_QUEUE_UNAVAILABLE: {
    message: 'A fila de tarefas em segundo plano está indisponível.',
    description:
      'O servidor não consegue executar tarefas em segundo plano (envio de mensagens, importações, lembretes) neste momento.',
    detail:
      'Aguarde um instante e tente de novo. Se continuar, o administrador deve verificar os logs do servidor e o banco de dados.',
  },
  ERR_REDIS_UNAVAILABLE: {
    message: 'O serviço de tempo real está indisponível.',
    description: 'O servidor não consegue acessar o Redis, que compartilha as atualizações ao vivo entre servidores.',
    detail: 'Aguarde um instante e tente de novo. Se continuar, o administrador deve verificar o servidor Redis.',
  },
  ERR_API_CONFIG_EXISTS: {
    message: 'Já existe uma configuração de API com este nome.',
    description: 'O nome de cada configuração de API é único na empresa.',
    detail: 'Escolha outro nome para a configuração.',
  },
} satisfies Partial<ErrorCatalogue>;
