import type { ErrorCatalogue } from '../index.js';

/** Error texts in Brazilian Portuguese (SPEC §8): short toast message, what happened, what to do. */
export const errorsPt: ErrorCatalogue = {
  // Session and login
  ERR_SESSION_EXPIRED: {
    message: 'Sessão expirada ou acessada em outro dispositivo. Faça login novamente.',
    description: 'Sua sessão terminou por inatividade ou porque sua conta foi acessada em outro dispositivo.',
    detail: 'Entre novamente com seu e-mail e senha para continuar.',
  },
  ERR_INVALID_CREDENTIALS: {
    message: 'Dados de acesso inválidos.',
    description: 'O e-mail ou a senha informados não conferem.',
    detail: 'Verifique os dados digitados e tente novamente. Se esqueceu a senha, use a opção "Esqueci minha senha".',
  },
  ERR_TOKEN_EXPIRED: {
    message: 'Token de acesso expirado.',
    description: 'O token de acesso da sua sessão expirou e está sendo renovado automaticamente.',
    detail: 'Repita a ação. Se a mensagem persistir, atualize a página ou faça login novamente.',
  },
  ERR_NO_PERMISSION: {
    message: 'Você não tem permissão para esta ação.',
    description: 'Seu perfil de usuário não tem acesso a este recurso.',
    detail: 'Solicite a permissão a um administrador da sua empresa.',
  },
  ERR_USER_CREATION_DISABLED: {
    message: 'Criação de usuários desativada.',
    description: 'O cadastro de novos usuários está desativado nesta plataforma.',
    detail: 'Entre em contato com o administrador da plataforma para criar o usuário.',
  },
  ERR_EMAIL_ALREADY_EXISTS: {
    message: 'Já existe um usuário com este e-mail.',
    description: 'O e-mail informado já está cadastrado para outro usuário.',
    detail: 'Use outro e-mail ou edite o usuário já existente.',
  },
  ERR_PLAN_NAME_EXISTS: {
    message: 'Nome do plano já existe ou é inválido.',
    description: 'Já existe um plano com este nome, ou o nome informado não é válido.',
    detail: 'Escolha outro nome para o plano e salve novamente.',
  },
  ERR_PREMIUM_FEATURE: {
    message: 'Recurso exclusivo do plano Premium.',
    description: 'Esta funcionalidade não está incluída no plano contratado pela sua empresa.',
    detail: 'Faça o upgrade do seu plano para usar este recurso.',
  },
  ERR_RESELLER_TOKEN_ONLY: {
    message: 'Tokens disponíveis apenas para revendedores autorizados.',
    description: 'Somente revendedores autorizados podem gerar ou usar este token.',
    detail: 'Se você é revendedor, entre em contato com o suporte para liberar o acesso.',
  },
  ERR_TOO_MANY_ATTEMPTS: {
    message: 'Muitas tentativas de login.',
    description: 'Foram feitas muitas tentativas de acesso em pouco tempo e o login foi bloqueado temporariamente.',
    detail: 'Aguarde alguns minutos e tente novamente.',
  },
  ERR_INVALID_RESET_CODE: {
    message: 'Código de redefinição inválido ou expirado.',
    description: 'O código informado para redefinir a senha não é válido ou já expirou.',
    detail: 'Confira o código recebido por e-mail ou solicite um novo código.',
  },
  ERR_PLAN_EXPIRED: {
    message: 'Seu plano expirou. Renove para continuar.',
    description: 'A data de vencimento do plano da sua empresa já passou.',
    detail: 'Acesse o menu Financeiro e pague a fatura em aberto para renovar o plano.',
  },
  ERR_TENANT_INACTIVE: {
    message: 'Empresa inativa.',
    description: 'O acesso da sua empresa à plataforma está desativado.',
    detail: 'Entre em contato com o suporte para reativar a empresa.',
  },
  ERR_USER_LIMIT_REACHED: {
    message: 'Limite de usuários atingido.',
    description: 'Sua empresa já possui o número máximo de usuários permitido pelo plano.',
    detail: 'Remova um usuário ou faça o upgrade do plano para adicionar mais.',
  },
  ERR_CONNECTION_LIMIT_REACHED: {
    message: 'Limite de conexões atingido.',
    description: 'Sua empresa já possui o número máximo de conexões permitido pelo plano.',
    detail: 'Remova uma conexão ou faça o upgrade do plano para adicionar mais.',
  },
  // Generic
  ERR_VALIDATION: {
    message: 'Verifique os campos do formulário.',
    description: 'Um ou mais campos estão vazios ou com valores inválidos.',
    detail: 'Corrija os campos destacados e tente novamente.',
  },
  ERR_NOT_FOUND: {
    message: 'Registro não encontrado.',
    description: 'O item solicitado não existe ou foi excluído.',
    detail: 'Atualize a página para ver os dados mais recentes.',
  },
  ERR_INTERNAL: {
    message: 'Ocorreu um erro não identificado.',
    description: 'O servidor encontrou um problema inesperado ao processar a solicitação.',
    detail: 'Atualize a página e, se persistir, contacte o suporte.',
  },
  ERR_FILE_TOO_LARGE: {
    message: 'Arquivo muito grande.',
    description: 'O arquivo enviado ultrapassa o tamanho máximo permitido.',
    detail: 'Envie um arquivo menor ou divida o envio em partes.',
  },
  ERR_FILE_TYPE_NOT_ALLOWED: {
    message: 'Tipo de arquivo não permitido.',
    description: 'O formato do arquivo enviado não é aceito neste local.',
    detail: 'Converta o arquivo para um formato aceito e tente novamente.',
  },
  // Contacts and tickets
  ERR_NO_CONTACT_FOUND: {
    message: 'Contato não encontrado.',
    description: 'O contato solicitado não existe ou foi excluído.',
    detail: 'Atualize a lista de contatos e tente novamente.',
  },
  ERR_DUPLICATED_CONTACT: {
    message: 'Já existe um contato com este número.',
    description: 'O número informado já está cadastrado para outro contato.',
    detail: 'Pesquise o contato existente e use-o em vez de criar um novo.',
  },
  ERR_CONTACT_TICKETS_REGISTERED: {
    message: 'Não é possível excluir um contato com atendimentos.',
    description: 'Este contato possui atendimentos registrados e não pode ser excluído.',
    detail: 'Finalize ou remova os atendimentos do contato antes de excluí-lo.',
  },
  ERR_NO_TICKET_FOUND: {
    message: 'Atendimento não encontrado.',
    description: 'O atendimento solicitado não existe ou foi excluído.',
    detail: 'Atualize a lista de atendimentos e tente novamente.',
  },
  ERR_CREATING_TICKET: {
    message: 'Erro ao criar o atendimento.',
    description: 'Não foi possível abrir o atendimento para este contato.',
    detail: 'Tente novamente. Se persistir, contacte o suporte.',
  },
  ERR_CREATING_MESSAGE: {
    message: 'Erro ao criar a mensagem.',
    description: 'Não foi possível registrar a mensagem no atendimento.',
    detail: 'Tente enviar novamente. Se persistir, contacte o suporte.',
  },
  ERR_OTHER_OPEN_TICKET: {
    message: 'Já existe um atendimento aberto para este contato.',
    description: 'O contato já está em atendimento com você ou com outro usuário.',
    detail: 'Localize o atendimento em aberto ou aguarde a finalização dele.',
  },
  ERR_NO_STATUS_SELECTED: {
    message: 'Nenhum status selecionado.',
    description: 'É preciso selecionar ao menos um status para filtrar os atendimentos.',
    detail: 'Marque um ou mais status no filtro e tente novamente.',
  },
  // Chatbot
  ERR_AUTO_REPLY_RELATIONED_TICKET: {
    message: 'Fluxo em uso não pode ser excluído.',
    description: 'Este fluxo do chatbot está vinculado a atendimentos e não pode ser excluído.',
    detail: 'Desative o fluxo em vez de excluí-lo, ou aguarde a finalização dos atendimentos.',
  },
  ERR_NO_AUTO_REPLY_FOUND: {
    message: 'Fluxo do chatbot não encontrado.',
    description: 'O fluxo solicitado não existe ou foi excluído.',
    detail: 'Atualize a lista de fluxos e tente novamente.',
  },
  ERR_NO_STEP_AUTO_REPLY_FOUND: {
    message: 'Etapa do fluxo não encontrada.',
    description: 'A etapa solicitada não existe neste fluxo do chatbot.',
    detail: 'Atualize o fluxo e confira as etapas configuradas.',
  },
  ERR_CHAT_FLOW_KEYWORD_EXISTS: {
    message: 'Esta palavra-chave já existe.',
    description: 'Já existe um mapeamento com esta palavra-chave para este canal.',
    detail: 'Use outra palavra-chave ou edite o mapeamento existente.',
  },
  ERR_NO_CHAT_FLOW_KEYWORD_FOUND: {
    message: 'Palavra-chave não encontrada.',
    description: 'O mapeamento de palavra-chave solicitado não existe ou foi excluído.',
    detail: 'Atualize a lista de palavras-chave e tente novamente.',
  },
  // Campaigns
  ERR_CAMPAIGN_CONTACTS_NOT_EXISTS_OR_NOT_ACESSIBLE: {
    message: 'Contatos da campanha inexistentes ou inacessíveis.',
    description: 'Alguns contatos vinculados à campanha não existem ou não estão acessíveis.',
    detail: 'Revise a lista de contatos da campanha e tente novamente.',
  },
  ERR_CAMPAIGN_DATE: {
    message: 'Data da campanha inválida.',
    description: 'A data de início da campanha não pode estar no passado.',
    detail: 'Escolha uma data e hora futuras para o início da campanha.',
  },
  ERROR_CAMPAIGN_NOT_EXISTS: {
    message: 'Campanha inexistente.',
    description: 'A campanha informada não existe ou foi excluída.',
    detail: 'Atualize a lista de campanhas e tente novamente.',
  },
  ERR_NO_CAMPAIGN_FOUND: {
    message: 'Campanha não encontrada.',
    description: 'Nenhuma campanha foi encontrada com os dados informados.',
    detail: 'Atualize a lista de campanhas e tente novamente.',
  },
  ERR_NO_UPDATE_CAMPAIGN_NOT_IN_CANCELED_PENDING: {
    message: 'Só é possível alterar campanhas pendentes ou canceladas.',
    description: 'A campanha já foi iniciada ou finalizada e não pode mais ser alterada.',
    detail: 'Cancele a campanha antes de editá-la ou crie uma nova campanha.',
  },
  ERROR_CAMPAIGN_DATE_NOT_VALID: {
    message: 'A campanha deve começar com pelo menos 15 minutos de antecedência.',
    description: 'A data de início informada é anterior ao mínimo de 15 minutos a partir de agora.',
    detail: 'Escolha um horário de início pelo menos 15 minutos à frente e salve novamente.',
  },
  ERR_NO_CAMPAIGN_CONTACTS_NOT_FOUND: {
    message: 'Contatos da campanha não encontrados.',
    description: 'A campanha não possui contatos vinculados.',
    detail: 'Vincule contatos à campanha antes de programá-la.',
  },
  ERR_CAMPAIGN_CONTACTS_NOT_EXISTS: {
    message: 'A campanha não tem contatos.',
    description: 'Não há contatos vinculados a esta campanha.',
    detail: 'Adicione contatos à campanha antes de iniciar o envio.',
  },
  ERR_CAMPAIGN_CONTACTS: {
    message: 'Erro nos contatos da campanha.',
    description: 'Não foi possível processar os contatos vinculados à campanha.',
    detail: 'Revise os contatos da campanha e tente novamente.',
  },
  // Other entities
  ERR_API_CONFIG_NOT_FOUND: {
    message: 'Configuração de API não encontrada.',
    description: 'A configuração de API solicitada não existe ou foi excluída.',
    detail: 'Atualize a lista de configurações de API e tente novamente.',
  },
  ERR_NO_FAST_REPLY_FOUND: {
    message: 'Mensagem rápida não encontrada.',
    description: 'A mensagem rápida solicitada não existe ou foi excluída.',
    detail: 'Atualize a lista de mensagens rápidas e tente novamente.',
  },
  ERR_FAST_REPLY_EXISTS: {
    message: 'Já existe uma mensagem rápida com esta chave.',
    description: 'A chave informada já é usada por outra mensagem rápida.',
    detail: 'Escolha outra chave para a mensagem rápida.',
  },
  ERR_NO_FAREWELL_MESSAGE_FOUND: {
    message: 'Mensagem de despedida não encontrada.',
    description: 'A mensagem de despedida solicitada não existe ou foi excluída.',
    detail: 'Atualize a lista de mensagens de despedida e tente novamente.',
  },
  ERR_NO_SCHEDULE_FOUND: {
    message: 'Agendamento não encontrado.',
    description: 'O agendamento solicitado não existe ou foi excluído.',
    detail: 'Atualize a lista de agendamentos e tente novamente.',
  },
  ERR_SCHEDULE_NOT_PENDING: {
    message: 'Este agendamento já foi enviado.',
    description: 'Só agendamentos pendentes podem ser alterados.',
    detail: 'Crie um novo agendamento para enviar de novo.',
  },
  ERR_NO_QUEUE_FOUND: {
    message: 'Fila não encontrada.',
    description: 'A fila solicitada não existe ou foi excluída.',
    detail: 'Atualize a lista de filas e tente novamente.',
  },
  ERR_QUEUE_EXISTS: {
    message: 'Já existe uma fila com este nome.',
    description: 'O nome informado já é usado por outra fila.',
    detail: 'Escolha outro nome para a fila.',
  },
  ERR_QUEUE_TICKET_EXISTS: {
    message: 'Não é possível excluir uma fila com atendimentos.',
    description: 'Existem atendimentos vinculados a esta fila.',
    detail: 'Transfira ou finalize os atendimentos da fila antes de excluí-la.',
  },
  ERR_NO_TAG_FOUND: {
    message: 'Etiqueta não encontrada.',
    description: 'A etiqueta solicitada não existe ou foi excluída.',
    detail: 'Atualize a lista de etiquetas e tente novamente.',
  },
  ERR_TAG_EXISTS: {
    message: 'Já existe uma etiqueta com este nome.',
    description: 'O nome informado já é usado por outra etiqueta.',
    detail: 'Escolha outro nome para a etiqueta.',
  },
  ERR_TAG_CONTACTS_EXISTS: {
    message: 'Não é possível excluir uma etiqueta com contatos.',
    description: 'Existem contatos marcados com esta etiqueta.',
    detail: 'Remova a etiqueta dos contatos antes de excluí-la.',
  },
  ERR_NO_TEAM_FOUND: {
    message: 'Equipe não encontrada.',
    description: 'A equipe solicitada não existe ou foi excluída.',
    detail: 'Atualize a lista de equipes e tente novamente.',
  },
  ERR_TEAM_EXISTS: {
    message: 'Já existe uma equipe com este nome.',
    description: 'O nome informado já é usado por outra equipe.',
    detail: 'Escolha outro nome para a equipe.',
  },
  ERR_NO_CHAT_GROUP_FOUND: {
    message: 'Grupo não encontrado.',
    description: 'O grupo não existe ou você não participa dele.',
    detail: 'Atualize a lista de conversas e tente novamente.',
  },
  ERR_NO_SETTING_FOUND: {
    message: 'Configuração não encontrada.',
    description: 'A configuração solicitada não existe.',
    detail: 'Atualize a página e, se persistir, contacte o suporte.',
  },
  ERR_NO_TENANT_FOUND: {
    message: 'Empresa não encontrada.',
    description: 'A empresa solicitada não existe ou foi excluída.',
    detail: 'Atualize a lista de empresas e tente novamente.',
  },
  ERR_NO_USER_FOUND: {
    message: 'Usuário não encontrado.',
    description: 'O usuário solicitado não existe ou foi excluído.',
    detail: 'Atualize a lista de usuários e tente novamente.',
  },
  ERR_NO_PLAN_FOUND: {
    message: 'Plano não encontrado.',
    description: 'O plano solicitado não existe ou foi excluído.',
    detail: 'Atualize a lista de planos e tente novamente.',
  },
  ERR_PLAN_IN_USE: {
    message: 'Plano em uso não pode ser excluído.',
    description: 'Existem empresas vinculadas a este plano.',
    detail: 'Mova as empresas para outro plano antes de excluí-lo.',
  },
  ERR_OPERATOR_TENANT_PROTECTED: {
    message: 'A empresa principal da plataforma não pode ser alterada dessa forma.',
    description: 'A empresa operadora da plataforma é protegida contra exclusão e desativação.',
    detail: 'Escolha outra empresa para esta ação.',
  },
  ERR_CANNOT_DELETE_SELF: {
    message: 'Você não pode excluir o seu próprio usuário.',
    description: 'O usuário conectado não pode excluir a si mesmo.',
    detail: 'Peça a outro administrador para fazer a exclusão, se necessário.',
  },
  ERR_INVALID_DUE_DATE: {
    message: 'Data de vencimento inválida.',
    description: 'A data de vencimento não pode ser anterior a hoje.',
    detail: 'Informe uma data de vencimento igual ou posterior à data atual.',
  },
  ERR_INTEGRATION_IN_USE: {
    message: 'Integração em uso não pode ser excluída.',
    description: 'Esta integração está vinculada a filas ou conexões.',
    detail: 'Remova a integração das filas e conexões antes de excluí-la.',
  },
  ERR_NO_INTEGRATION_FOUND: {
    message: 'Integração não encontrada.',
    description: 'A integração não existe ou pertence a outra empresa.',
    detail: 'Atualize a lista e tente novamente.',
  },
  ERR_INTEGRATION_EXISTS: {
    message: 'Já existe uma integração com este nome.',
    description: 'Os nomes das integrações são únicos na empresa.',
    detail: 'Escolha outro nome.',
  },
  ERR_NO_TASK_FOUND: {
    message: 'Tarefa não encontrada.',
    description: 'A tarefa solicitada não existe, foi excluída ou não é sua.',
    detail: 'Atualize a lista de tarefas e tente novamente.',
  },
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
    detail: 'Aguarde um instante e tente de novo. Se continuar, o administrador deve verificar o servidor do banco de dados.',
  },
  ERR_JOB_QUEUE_UNAVAILABLE: {
    message: 'A fila de tarefas em segundo plano está indisponível.',
    description: 'O servidor não consegue executar tarefas em segundo plano (envio de mensagens, importações, lembretes) neste momento.',
    detail: 'Aguarde um instante e tente de novo. Se continuar, o administrador deve verificar os logs do servidor e o banco de dados.',
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
};
