import type { ErrorCatalogue } from '../index.js';

/** Error texts (pt) of the other entities (queues, tags, users, plans, companies, files, integrations...); joined in pt.ts. */
export const errorsPtEntities = {
  // Other entities
  ERR_API_CONFIG_NOT_FOUND: {
    message: 'Configuração de API não encontrada.',
    description: 'A configuração de API solicitada não existe ou foi excluída.',
    detail: 'Atualize a lista de configurações de API e tente novamente.',
  },
  ERR_CALL_LINE_NOT_FOUND: {
    message: 'Linha de chamadas não encontrada.',
    description: 'A linha de chamadas não existe, foi excluída ou você não pode usá-la.',
    detail: 'Atualize as linhas de chamadas e tente novamente.',
  },
  ERR_CALL_LINE_TOKEN_EXISTS: {
    message: 'Já existe uma linha de chamadas com este token.',
    description: 'O token do dispositivo já está cadastrado como linha de chamadas.',
    detail: 'Confira o token copiado do painel do provedor de chamadas.',
  },
  ERR_CALLS_BLOCKED: {
    message: 'As chamadas estão bloqueadas para você.',
    description: 'Um administrador bloqueou as chamadas do seu usuário.',
    detail: 'Peça a um administrador que libere as chamadas para você.',
  },
  ERR_NO_RECORDING: {
    message: 'Esta chamada não tem gravação.',
    description: 'A chamada não tem gravação, ou o provedor não a tem mais.',
    detail: 'As gravações aparecem pouco depois do fim de uma chamada atendida.',
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
  ERR_NO_LANE_FOUND: {
    message: 'Etapa do CRM não encontrada.',
    description: 'A etapa não existe ou pertence ao CRM de outro usuário.',
    detail: 'Atualize o quadro e tente novamente.',
  },
  ERR_CONTACT_CRM_DISABLED: {
    message: 'Este contato está com o CRM desativado.',
    description: 'Contatos com o CRM desativado não podem ser colocados em uma etapa.',
    detail: 'Ative o CRM no cadastro do contato antes de movê-lo.',
  },
  ERR_REPORT_FILTER_REQUIRED: {
    message: 'Selecione ao menos um item no filtro.',
    description: 'Este relatório agrupa por etiqueta, etapa do CRM, usuário ou estado e precisa de ao menos um selecionado.',
    detail: 'Escolha um ou mais valores no filtro indicado e gere o relatório de novo.',
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
  ERR_NO_HELP_FOUND: {
    message: 'Ajuda não encontrada.',
    description: 'O artigo de ajuda solicitado não existe ou foi excluído.',
    detail: 'Atualize a lista de ajudas e tente novamente.',
  },
  ERR_NO_RESELLER_FOUND: {
    message: 'Revendedor não encontrado.',
    description: 'O revendedor ou o token solicitado não existe ou foi excluído.',
    detail: 'Atualize a lista de revendedores e tente novamente.',
  },
  ERR_RESELLER_EXISTS: {
    message: 'Já existe um revendedor com este nome.',
    description: 'Cada revendedor precisa de um nome único.',
    detail: 'Escolha outro nome.',
  },
  ERR_NO_INVOICE_FOUND: {
    message: 'Fatura não encontrada.',
    description: 'A fatura solicitada não existe ou foi excluída.',
    detail: 'Atualize a lista de faturas e tente novamente.',
  },
  ERR_INVOICE_PAID: {
    message: 'Esta fatura já está paga.',
    description: 'Uma fatura paga não pode ser alterada, excluída nem paga de novo.',
    detail: 'Atualize a lista de faturas para ver a situação atual.',
  },
  ERR_INVOICE_EXISTS: {
    message: 'Já existe uma fatura com este vencimento.',
    description: 'Cada empresa tem uma fatura por vencimento.',
    detail: 'Escolha outra data ou altere a fatura existente.',
  },
  ERR_GATEWAY_NOT_CONFIGURED: {
    message: 'Pagamento on-line indisponível.',
    description: 'A plataforma ainda não configurou seu gateway de pagamento.',
    detail: 'Pague por Pix ou fale com o suporte da plataforma.',
  },
  ERR_GATEWAY_REFUSED: {
    message: 'O gateway de pagamento recusou a cobrança.',
    description: 'O gateway não criou a cobrança desta fatura ou não pôde ser acessado.',
    detail: 'Tente de novo em alguns minutos; se continuar, fale com o suporte da plataforma.',
  },
  ERR_PIX_NOT_CONFIGURED: {
    message: 'Pagamento por Pix indisponível.',
    description: 'A plataforma ainda não tem uma chave Pix configurada.',
    detail: 'Fale com o suporte da plataforma para pagar esta fatura.',
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
} satisfies Partial<ErrorCatalogue>;
