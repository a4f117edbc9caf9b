import type { ErrorCatalogue } from '../index.js';
import { errorsPtChannels } from './pt-channels.js';
import { errorsPtEntities } from './pt-entities.js';

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
  ERR_IMAGE_DIMENSIONS: {
    message: 'Dimensões da imagem não aceitas.',
    description: 'Logos devem ter exatamente 481 x 186 px; ícones devem ser quadrados, de 16 a 512 px.',
    detail: 'Redimensione a imagem para essas medidas e envie de novo.',
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
  ERR_CAMPAIGN_TEMPLATE_NEEDS_WABA: {
    message: 'Modelos só podem ser enviados por um canal da API oficial do WhatsApp.',
    description: 'A campanha usa um modelo do WhatsApp, mas o canal escolhido não é da API oficial (Cloud API).',
    detail: 'Escolha um canal da API oficial do WhatsApp ou remova o modelo e escreva as mensagens.',
  },
  ERR_CAMPAIGN_TEMPLATE_ONLY_DATE: {
    message: 'Nesta campanha com modelo só a data de envio pode ser alterada.',
    description: 'A campanha com modelo do WhatsApp já foi agendada: o modelo, as variáveis, o canal e os demais campos ficam como estão.',
    detail: 'Altere apenas a data de envio, ou crie uma nova campanha.',
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
  ...errorsPtEntities,
  ...errorsPtChannels,
};
