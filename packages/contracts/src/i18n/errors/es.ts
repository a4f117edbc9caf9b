import type { ErrorCatalogue } from '../index.js';
import { errorsEsChannels } from './es-channels.js';
import { errorsEsEntities } from './es-entities.js';

/** Error texts in Latin-American Spanish (SPEC §8): short toast message, what happened, what to do. */
export const errorsEs: ErrorCatalogue = {
  // Session and login
  ERR_SESSION_EXPIRED: {
    message: 'Sesión expirada o iniciada en otro dispositivo. Vuelve a iniciar sesión.',
    description: 'Tu sesión terminó por inactividad o porque se accedió a tu cuenta desde otro dispositivo.',
    detail: 'Inicia sesión de nuevo con tu correo y contraseña para continuar.',
  },
  ERR_INVALID_CREDENTIALS: {
    message: 'Datos de acceso inválidos.',
    description: 'El correo electrónico o la contraseña ingresados no coinciden.',
    detail:
      'Revisa los datos ingresados e inténtalo de nuevo. Si olvidaste tu contraseña, usa la opción "Olvidé mi contraseña".',
  },
  ERR_TOKEN_EXPIRED: {
    message: 'Token de acceso expirado.',
    description: 'El token de acceso de tu sesión expiró y se está renovando automáticamente.',
    detail: 'Repite la acción. Si el mensaje continúa, actualiza la página o vuelve a iniciar sesión.',
  },
  ERR_NO_PERMISSION: {
    message: 'No tienes permiso para realizar esta acción.',
    description: 'Tu perfil de usuario no tiene acceso a este recurso.',
    detail: 'Solicita el permiso a un administrador de tu empresa.',
  },
  ERR_USER_CREATION_DISABLED: {
    message: 'La creación de usuarios está desactivada.',
    description: 'El registro de nuevos usuarios está desactivado en esta plataforma.',
    detail: 'Comunícate con el administrador de la plataforma para crear el usuario.',
  },
  ERR_EMAIL_ALREADY_EXISTS: {
    message: 'Ya existe un usuario con este correo electrónico.',
    description: 'El correo ingresado ya está registrado para otro usuario.',
    detail: 'Usa otro correo o edita el usuario existente.',
  },
  ERR_PLAN_NAME_EXISTS: {
    message: 'El nombre del plan ya existe o no es válido.',
    description: 'Ya existe un plan con este nombre, o el nombre ingresado no es válido.',
    detail: 'Elige otro nombre para el plan y vuelve a guardar.',
  },
  ERR_PREMIUM_FEATURE: {
    message: 'Función exclusiva del plan Premium.',
    description: 'Esta funcionalidad no está incluida en el plan contratado por tu empresa.',
    detail: 'Mejora tu plan para usar esta función.',
  },
  ERR_RESELLER_TOKEN_ONLY: {
    message: 'Tokens disponibles solo para revendedores autorizados.',
    description: 'Solo los revendedores autorizados pueden generar o usar este token.',
    detail: 'Si eres revendedor, comunícate con soporte para habilitar el acceso.',
  },
  ERR_TOO_MANY_ATTEMPTS: {
    message: 'Demasiados intentos de inicio de sesión.',
    description:
      'Se realizaron demasiados intentos de acceso en poco tiempo y el inicio de sesión se bloqueó temporalmente.',
    detail: 'Espera unos minutos e inténtalo de nuevo.',
  },
  ERR_INVALID_RESET_CODE: {
    message: 'Código de restablecimiento inválido o expirado.',
    description: 'El código ingresado para restablecer la contraseña no es válido o ya expiró.',
    detail: 'Revisa el código que recibiste por correo o solicita uno nuevo.',
  },
  ERR_PLAN_EXPIRED: {
    message: 'Tu plan venció. Renuévalo para continuar.',
    description: 'La fecha de vencimiento del plan de tu empresa ya pasó.',
    detail: 'Ve a Finanzas y paga la factura pendiente para renovar el plan.',
  },
  ERR_TENANT_INACTIVE: {
    message: 'Empresa inactiva.',
    description: 'El acceso de tu empresa a la plataforma está desactivado.',
    detail: 'Comunícate con soporte para reactivar la empresa.',
  },
  ERR_USER_LIMIT_REACHED: {
    message: 'Límite de usuarios alcanzado.',
    description: 'Tu empresa ya tiene la cantidad máxima de usuarios permitida por el plan.',
    detail: 'Elimina un usuario o mejora tu plan para agregar más.',
  },
  ERR_CONNECTION_LIMIT_REACHED: {
    message: 'Límite de conexiones alcanzado.',
    description: 'Tu empresa ya tiene la cantidad máxima de conexiones permitida por el plan.',
    detail: 'Elimina una conexión o mejora tu plan para agregar más.',
  },
  // Generic
  ERR_VALIDATION: {
    message: 'Revisa los campos del formulario.',
    description: 'Uno o más campos están vacíos o tienen valores inválidos.',
    detail: 'Corrige los campos resaltados e inténtalo de nuevo.',
  },
  ERR_NOT_FOUND: {
    message: 'Registro no encontrado.',
    description: 'El elemento solicitado no existe o fue eliminado.',
    detail: 'Actualiza la página para ver los datos más recientes.',
  },
  ERR_INTERNAL: {
    message: 'Ocurrió un error no identificado.',
    description: 'El servidor encontró un problema inesperado al procesar la solicitud.',
    detail: 'Actualiza la página y, si el problema continúa, comunícate con soporte.',
  },
  ERR_FILE_TOO_LARGE: {
    message: 'Archivo demasiado grande.',
    description: 'El archivo enviado supera el tamaño máximo permitido.',
    detail: 'Envía un archivo más pequeño o divide el envío en partes.',
  },
  ERR_FILE_TYPE_NOT_ALLOWED: {
    message: 'Tipo de archivo no permitido.',
    description: 'El formato del archivo enviado no se acepta aquí.',
    detail: 'Convierte el archivo a un formato aceptado e inténtalo de nuevo.',
  },
  ERR_IMAGE_DIMENSIONS: {
    message: 'Dimensiones de la imagen no aceptadas.',
    description: 'Los logos deben medir exactamente 481 x 186 px; los íconos deben ser cuadrados, de 16 a 512 px.',
    detail: 'Cambia el tamaño de la imagen a esas medidas y envíala de nuevo.',
  },
  // Contacts and tickets
  ERR_NO_CONTACT_FOUND: {
    message: 'Contacto no encontrado.',
    description: 'El contacto solicitado no existe o fue eliminado.',
    detail: 'Actualiza la lista de contactos e inténtalo de nuevo.',
  },
  ERR_DUPLICATED_CONTACT: {
    message: 'Ya existe un contacto con este número.',
    description: 'El número ingresado ya está registrado para otro contacto.',
    detail: 'Busca el contacto existente y úsalo en lugar de crear uno nuevo.',
  },
  ERR_CONTACT_TICKETS_REGISTERED: {
    message: 'No se puede eliminar un contacto con tickets.',
    description: 'Este contacto tiene tickets registrados y no se puede eliminar.',
    detail: 'Cierra o elimina los tickets del contacto antes de eliminarlo.',
  },
  ERR_NO_TICKET_FOUND: {
    message: 'Ticket no encontrado.',
    description: 'El ticket solicitado no existe o fue eliminado.',
    detail: 'Actualiza la lista de tickets e inténtalo de nuevo.',
  },
  ERR_CREATING_TICKET: {
    message: 'Error al crear el ticket.',
    description: 'No se pudo abrir el ticket para este contacto.',
    detail: 'Inténtalo de nuevo. Si el problema continúa, comunícate con soporte.',
  },
  ERR_CREATING_MESSAGE: {
    message: 'Error al crear el mensaje.',
    description: 'No se pudo registrar el mensaje en el ticket.',
    detail: 'Intenta enviarlo de nuevo. Si el problema continúa, comunícate con soporte.',
  },
  ERR_OTHER_OPEN_TICKET: {
    message: 'Ya existe un ticket abierto para este contacto.',
    description: 'El contacto ya está siendo atendido por ti o por otro usuario.',
    detail: 'Busca el ticket abierto o espera a que se cierre.',
  },
  ERR_NO_STATUS_SELECTED: {
    message: 'Ningún estado seleccionado.',
    description: 'Debes seleccionar al menos un estado para filtrar los tickets.',
    detail: 'Marca uno o más estados en el filtro e inténtalo de nuevo.',
  },
  // Chatbot
  ERR_AUTO_REPLY_RELATIONED_TICKET: {
    message: 'No se puede eliminar un flujo en uso.',
    description: 'Este flujo del chatbot está vinculado a tickets y no se puede eliminar.',
    detail: 'Desactiva el flujo en lugar de eliminarlo, o espera a que se cierren sus tickets.',
  },
  ERR_NO_AUTO_REPLY_FOUND: {
    message: 'Flujo del chatbot no encontrado.',
    description: 'El flujo solicitado no existe o fue eliminado.',
    detail: 'Actualiza la lista de flujos e inténtalo de nuevo.',
  },
  ERR_NO_STEP_AUTO_REPLY_FOUND: {
    message: 'Paso del flujo no encontrado.',
    description: 'El paso solicitado no existe en este flujo del chatbot.',
    detail: 'Actualiza el flujo y revisa los pasos configurados.',
  },
  ERR_CHAT_FLOW_KEYWORD_EXISTS: {
    message: 'Esta palabra clave ya existe.',
    description: 'Ya existe un mapeo con esta palabra clave para este canal.',
    detail: 'Usa otra palabra clave o edita el mapeo existente.',
  },
  ERR_NO_CHAT_FLOW_KEYWORD_FOUND: {
    message: 'Palabra clave no encontrada.',
    description: 'El mapeo de palabra clave solicitado no existe o fue eliminado.',
    detail: 'Actualiza la lista de palabras clave e inténtalo de nuevo.',
  },
  // Campaigns
  ERR_CAMPAIGN_CONTACTS_NOT_EXISTS_OR_NOT_ACESSIBLE: {
    message: 'Los contactos de la campaña no existen o no son accesibles.',
    description: 'Algunos contactos vinculados a la campaña no existen o no se puede acceder a ellos.',
    detail: 'Revisa la lista de contactos de la campaña e inténtalo de nuevo.',
  },
  ERR_CAMPAIGN_DATE: {
    message: 'Fecha de la campaña inválida.',
    description: 'La fecha de inicio de la campaña no puede estar en el pasado.',
    detail: 'Elige una fecha y hora futuras para el inicio de la campaña.',
  },
  ERROR_CAMPAIGN_NOT_EXISTS: {
    message: 'La campaña no existe.',
    description: 'La campaña indicada no existe o fue eliminada.',
    detail: 'Actualiza la lista de campañas e inténtalo de nuevo.',
  },
  ERR_NO_CAMPAIGN_FOUND: {
    message: 'Campaña no encontrada.',
    description: 'No se encontró ninguna campaña con los datos indicados.',
    detail: 'Actualiza la lista de campañas e inténtalo de nuevo.',
  },
  ERR_NO_UPDATE_CAMPAIGN_NOT_IN_CANCELED_PENDING: {
    message: 'Solo se pueden modificar campañas pendientes o canceladas.',
    description: 'La campaña ya comenzó o finalizó y no se puede modificar.',
    detail: 'Cancela la campaña antes de editarla o crea una nueva campaña.',
  },
  ERR_CAMPAIGN_TEMPLATE_NEEDS_WABA: {
    message: 'Las plantillas solo se pueden enviar por un canal de la API oficial de WhatsApp.',
    description: 'La campaña usa una plantilla de WhatsApp, pero el canal elegido no es de la API oficial (Cloud API).',
    detail: 'Elige un canal de la API oficial de WhatsApp o quita la plantilla y escribe los mensajes.',
  },
  ERR_CAMPAIGN_TEMPLATE_ONLY_DATE: {
    message: 'En esta campaña con plantilla solo se puede cambiar la fecha de envío.',
    description: 'La campaña con plantilla de WhatsApp ya fue programada: la plantilla, sus variables, el canal y los demás campos quedan como están.',
    detail: 'Cambia solo la fecha de envío o crea una nueva campaña.',
  },
  ERROR_CAMPAIGN_DATE_NOT_VALID: {
    message: 'La campaña debe comenzar con al menos 15 minutos de anticipación.',
    description: 'La hora de inicio ingresada es menor a 15 minutos a partir de ahora.',
    detail: 'Elige una hora de inicio al menos 15 minutos después de la actual y vuelve a guardar.',
  },
  ERR_NO_CAMPAIGN_CONTACTS_NOT_FOUND: {
    message: 'Contactos de la campaña no encontrados.',
    description: 'La campaña no tiene contactos vinculados.',
    detail: 'Vincula contactos a la campaña antes de programarla.',
  },
  ERR_CAMPAIGN_CONTACTS_NOT_EXISTS: {
    message: 'La campaña no tiene contactos.',
    description: 'No hay contactos vinculados a esta campaña.',
    detail: 'Agrega contactos a la campaña antes de iniciar el envío.',
  },
  ERR_CAMPAIGN_CONTACTS: {
    message: 'Error en los contactos de la campaña.',
    description: 'No se pudieron procesar los contactos vinculados a la campaña.',
    detail: 'Revisa los contactos de la campaña e inténtalo de nuevo.',
  },
  ...errorsEsEntities,
  ...errorsEsChannels,
};
