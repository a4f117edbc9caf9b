import type { ErrorCatalogue } from '../index.js';

/** Error texts (es) of the other entities (queues, tags, users, plans, companies, files, integrations...); joined in es.ts. */
export const errorsEsEntities = {
  // Other entities
  ERR_API_CONFIG_NOT_FOUND: {
    message: 'Configuración de API no encontrada.',
    description: 'La configuración de API solicitada no existe o fue eliminada.',
    detail: 'Actualiza la lista de configuraciones de API e inténtalo de nuevo.',
  },
  ERR_CALL_LINE_NOT_FOUND: {
    message: 'Línea de llamadas no encontrada.',
    description: 'La línea de llamadas no existe, fue eliminada o no puede usarla.',
    detail: 'Actualice las líneas de llamadas e intente de nuevo.',
  },
  ERR_CALL_LINE_TOKEN_EXISTS: {
    message: 'Ya existe una línea de llamadas con este token.',
    description: 'El token del dispositivo ya está registrado como línea de llamadas.',
    detail: 'Revise el token copiado del panel del proveedor de llamadas.',
  },
  ERR_CALLS_BLOCKED: {
    message: 'Las llamadas están bloqueadas para usted.',
    description: 'Un administrador bloqueó las llamadas de su usuario.',
    detail: 'Pida a un administrador que habilite las llamadas para usted.',
  },
  ERR_NO_RECORDING: {
    message: 'Esta llamada no tiene grabación.',
    description: 'La llamada no tiene grabación, o el proveedor ya no la tiene.',
    detail: 'Las grabaciones aparecen poco después del fin de una llamada atendida.',
  },
  ERR_NO_FAST_REPLY_FOUND: {
    message: 'Respuesta rápida no encontrada.',
    description: 'La respuesta rápida solicitada no existe o fue eliminada.',
    detail: 'Actualiza la lista de respuestas rápidas e inténtalo de nuevo.',
  },
  ERR_FAST_REPLY_EXISTS: {
    message: 'Ya existe una respuesta rápida con este atajo.',
    description: 'El atajo ingresado ya lo usa otra respuesta rápida.',
    detail: 'Elige otro atajo para la respuesta rápida.',
  },
  ERR_NO_FAREWELL_MESSAGE_FOUND: {
    message: 'Mensaje de despedida no encontrado.',
    description: 'El mensaje de despedida solicitado no existe o fue eliminado.',
    detail: 'Actualiza la lista de mensajes de despedida e inténtalo de nuevo.',
  },
  ERR_NO_SCHEDULE_FOUND: {
    message: 'Programación no encontrada.',
    description: 'El mensaje programado no existe o fue eliminado.',
    detail: 'Actualice la lista de mensajes programados e intente de nuevo.',
  },
  ERR_SCHEDULE_NOT_PENDING: {
    message: 'Este mensaje programado ya fue enviado.',
    description: 'Solo se pueden cambiar los mensajes programados pendientes.',
    detail: 'Cree una nueva programación para enviarlo de nuevo.',
  },
  ERR_NO_QUEUE_FOUND: {
    message: 'Cola no encontrada.',
    description: 'La cola solicitada no existe o fue eliminada.',
    detail: 'Actualiza la lista de colas e inténtalo de nuevo.',
  },
  ERR_QUEUE_EXISTS: {
    message: 'Ya existe una cola con este nombre.',
    description: 'El nombre ingresado ya lo usa otra cola.',
    detail: 'Elige otro nombre para la cola.',
  },
  ERR_QUEUE_TICKET_EXISTS: {
    message: 'No se puede eliminar una cola con tickets.',
    description: 'Hay tickets vinculados a esta cola.',
    detail: 'Transfiere o cierra los tickets de la cola antes de eliminarla.',
  },
  ERR_NO_TAG_FOUND: {
    message: 'Etiqueta no encontrada.',
    description: 'La etiqueta solicitada no existe o fue eliminada.',
    detail: 'Actualiza la lista de etiquetas e inténtalo de nuevo.',
  },
  ERR_TAG_EXISTS: {
    message: 'Ya existe una etiqueta con este nombre.',
    description: 'El nombre ingresado ya lo usa otra etiqueta.',
    detail: 'Elige otro nombre para la etiqueta.',
  },
  ERR_TAG_CONTACTS_EXISTS: {
    message: 'No se puede eliminar una etiqueta con contactos.',
    description: 'Hay contactos marcados con esta etiqueta.',
    detail: 'Quita la etiqueta de los contactos antes de eliminarla.',
  },
  ERR_NO_LANE_FOUND: {
    message: 'Etapa del CRM no encontrada.',
    description: 'La etapa no existe o pertenece al CRM de otro usuario.',
    detail: 'Actualiza el tablero e inténtalo de nuevo.',
  },
  ERR_CONTACT_CRM_DISABLED: {
    message: 'Este contacto tiene el CRM desactivado.',
    description: 'Los contactos con el CRM desactivado no pueden colocarse en una etapa.',
    detail: 'Activa el CRM en la ficha del contacto antes de moverlo.',
  },
  ERR_REPORT_FILTER_REQUIRED: {
    message: 'Selecciona al menos un elemento en el filtro.',
    description: 'Este informe agrupa por etiqueta, etapa del CRM, usuario o estado y necesita al menos uno seleccionado.',
    detail: 'Elige uno o más valores en el filtro indicado y genera el informe de nuevo.',
  },
  ERR_NO_TEAM_FOUND: {
    message: 'Equipo no encontrado.',
    description: 'El equipo solicitado no existe o fue eliminado.',
    detail: 'Actualice la lista de equipos e intente de nuevo.',
  },
  ERR_TEAM_EXISTS: {
    message: 'Ya existe un equipo con este nombre.',
    description: 'El nombre informado ya lo usa otro equipo.',
    detail: 'Elija otro nombre para el equipo.',
  },
  ERR_NO_CHAT_GROUP_FOUND: {
    message: 'Grupo no encontrado.',
    description: 'El grupo no existe o usted no participa en él.',
    detail: 'Actualice la lista de conversaciones e intente de nuevo.',
  },
  ERR_NO_SETTING_FOUND: {
    message: 'Configuración no encontrada.',
    description: 'La configuración solicitada no existe.',
    detail: 'Actualiza la página y, si el problema continúa, comunícate con soporte.',
  },
  ERR_NO_TENANT_FOUND: {
    message: 'Empresa no encontrada.',
    description: 'La empresa solicitada no existe o fue eliminada.',
    detail: 'Actualiza la lista de empresas e inténtalo de nuevo.',
  },
  ERR_NO_USER_FOUND: {
    message: 'Usuario no encontrado.',
    description: 'El usuario solicitado no existe o fue eliminado.',
    detail: 'Actualiza la lista de usuarios e inténtalo de nuevo.',
  },
  ERR_NO_PLAN_FOUND: {
    message: 'Plan no encontrado.',
    description: 'El plan solicitado no existe o fue eliminado.',
    detail: 'Actualiza la lista de planes e inténtalo de nuevo.',
  },
  ERR_NO_HELP_FOUND: {
    message: 'Ayuda no encontrada.',
    description: 'El artículo de ayuda solicitado no existe o fue eliminado.',
    detail: 'Actualice la lista de ayudas e inténtelo de nuevo.',
  },
  ERR_NO_RESELLER_FOUND: {
    message: 'Revendedor no encontrado.',
    description: 'El revendedor o el token solicitado no existe o fue eliminado.',
    detail: 'Actualice la lista de revendedores e inténtelo de nuevo.',
  },
  ERR_RESELLER_EXISTS: {
    message: 'Ya existe un revendedor con este nombre.',
    description: 'Cada revendedor necesita un nombre único.',
    detail: 'Elija otro nombre.',
  },
  ERR_NO_INVOICE_FOUND: {
    message: 'Factura no encontrada.',
    description: 'La factura solicitada no existe o fue eliminada.',
    detail: 'Actualice la lista de facturas e inténtelo de nuevo.',
  },
  ERR_INVOICE_PAID: {
    message: 'Esta factura ya está pagada.',
    description: 'Una factura pagada no se puede cambiar, eliminar ni pagar de nuevo.',
    detail: 'Actualice la lista de facturas para ver su situación actual.',
  },
  ERR_INVOICE_EXISTS: {
    message: 'Ya existe una factura con este vencimiento.',
    description: 'Cada empresa tiene una factura por vencimiento.',
    detail: 'Elija otra fecha o cambie la factura existente.',
  },
  ERR_GATEWAY_NOT_CONFIGURED: {
    message: 'Pago en línea no disponible.',
    description: 'La plataforma aún no configuró su pasarela de pago.',
    detail: 'Pague por Pix o contacte al soporte de la plataforma.',
  },
  ERR_GATEWAY_REFUSED: {
    message: 'La pasarela de pago rechazó el cobro.',
    description: 'La pasarela no creó el cobro de esta factura o no se pudo contactar.',
    detail: 'Intente de nuevo en unos minutos; si continúa, contacte al soporte de la plataforma.',
  },
  ERR_PIX_NOT_CONFIGURED: {
    message: 'Pago por Pix no disponible.',
    description: 'La plataforma aún no tiene una clave Pix configurada.',
    detail: 'Contacte al soporte de la plataforma para pagar esta factura.',
  },
  ERR_PLAN_IN_USE: {
    message: 'No se puede eliminar un plan en uso.',
    description: 'Hay empresas vinculadas a este plan.',
    detail: 'Cambia esas empresas a otro plan antes de eliminarlo.',
  },
  ERR_OPERATOR_TENANT_PROTECTED: {
    message: 'La empresa principal de la plataforma no se puede modificar de esta forma.',
    description: 'La empresa operadora de la plataforma está protegida contra eliminación y desactivación.',
    detail: 'Elige otra empresa para esta acción.',
  },
  ERR_CANNOT_DELETE_SELF: {
    message: 'No puedes eliminar tu propio usuario.',
    description: 'El usuario conectado no puede eliminarse a sí mismo.',
    detail: 'Pide a otro administrador que lo elimine, si es necesario.',
  },
  ERR_INVALID_DUE_DATE: {
    message: 'Fecha de vencimiento inválida.',
    description: 'La fecha de vencimiento no puede ser anterior a hoy.',
    detail: 'Ingresa una fecha de vencimiento igual o posterior a la fecha actual.',
  },
  ERR_INTEGRATION_IN_USE: {
    message: 'No se puede eliminar una integración en uso.',
    description: 'Esta integración está vinculada a colas o conexiones.',
    detail: 'Quita la integración de las colas y conexiones antes de eliminarla.',
  },
  ERR_NO_INTEGRATION_FOUND: {
    message: 'Integración no encontrada.',
    description: 'La integración no existe o pertenece a otra empresa.',
    detail: 'Actualiza la lista e inténtalo de nuevo.',
  },
  ERR_INTEGRATION_EXISTS: {
    message: 'Ya existe una integración con este nombre.',
    description: 'Los nombres de las integraciones son únicos en la empresa.',
    detail: 'Elige otro nombre.',
  },
  ERR_NO_TASK_FOUND: {
    message: 'Tarea no encontrada.',
    description: 'La tarea solicitada no existe, fue eliminada o no es suya.',
    detail: 'Actualice la lista de tareas e intente de nuevo.',
  },
} satisfies Partial<ErrorCatalogue>;
