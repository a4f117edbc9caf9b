import type { ErrorCatalogue } from '../index.js';

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
    detail: 'Revisa los datos ingresados e inténtalo de nuevo. Si olvidaste tu contraseña, usa la opción "Olvidé mi contraseña".',
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
    description: 'Se realizaron demasiados intentos de acceso en poco tiempo y el inicio de sesión se bloqueó temporalmente.',
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
  // Other entities
  ERR_API_CONFIG_NOT_FOUND: {
    message: 'Configuración de API no encontrada.',
    description: 'La configuración de API solicitada no existe o fue eliminada.',
    detail: 'Actualiza la lista de configuraciones de API e inténtalo de nuevo.',
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
  // WhatsApp and channels
  ERR_WAPP_INVALID_CONTACT: {
    message: 'Este no es un número de WhatsApp válido.',
    description: 'El número ingresado no está registrado en WhatsApp.',
    detail: 'Revisa el número con el código de país y de área e inténtalo de nuevo.',
  },
  ERR_WAPP_CHECK_CONTACT: {
    message: 'No se pudo verificar el contacto en WhatsApp.',
    description: 'La consulta del número en WhatsApp falló.',
    detail: 'Verifica que la conexión esté activa en Conexiones e inténtalo de nuevo.',
  },
  ERR_DELETE_WAPP_MSG: {
    message: 'No se puede eliminar este mensaje.',
    description: 'Solo se pueden eliminar mensajes enviados en las últimas 24 horas.',
    detail: 'Los mensajes más antiguos ya no se pueden eliminar en WhatsApp.',
  },
  ERR_SENDING_WAPP_MSG: {
    message: 'Error al enviar el mensaje por WhatsApp.',
    description: 'WhatsApp no aceptó el envío del mensaje.',
    detail: 'Revisa la conexión en Conexiones e intenta enviarlo de nuevo.',
  },
  ERR_WAPP_NOT_INITIALIZED: {
    message: 'Conexión de WhatsApp no iniciada.',
    description: 'La conexión de WhatsApp no está conectada o se está reiniciando.',
    detail: 'Espera unos instantes o revisa su estado en Conexiones; si es necesario, vuelve a escanear el código QR.',
  },
  ERR_CONTACTS_NOT_EXISTS_WHATSAPP: {
    message: 'El contacto no existe en WhatsApp.',
    description: 'Uno o más de los números ingresados no están registrados en WhatsApp.',
    detail: 'Revisa los números de los contactos e inténtalo de nuevo.',
  },
  ERR_NO_WAPP_FOUND: {
    message: 'Conexión no encontrada.',
    description: 'La conexión solicitada no existe o fue eliminada.',
    detail: 'Actualiza la lista de conexiones e inténtalo de nuevo.',
  },
  ERR_NO_DEF_WAPP_FOUND: {
    message: 'No se encontró una conexión predeterminada.',
    description: 'No hay ninguna conexión definida como predeterminada para esta empresa.',
    detail: 'Define una conexión como predeterminada en Conexiones.',
  },
  ERR_FETCH_WAPP_MSG: {
    message: 'Error al obtener el mensaje de WhatsApp.',
    description: 'El mensaje es demasiado antiguo y no se pudo recuperar de WhatsApp.',
    detail: 'Es posible que los mensajes antiguos ya no estén disponibles en el dispositivo.',
  },
  ERR_MEDIA_DOWNLOAD_FAILED: {
    message: 'Error al descargar el archivo multimedia.',
    description: 'No se pudo descargar el archivo multimedia del mensaje.',
    detail: 'Inténtalo más tarde; es posible que el archivo haya expirado en el dispositivo de origen.',
  },
  ERR_CHANNEL_NAME_EXISTS: {
    message: 'Ya existe una conexión con este nombre.',
    description: 'El nombre de cada conexión es único en la empresa.',
    detail: 'Elija otro nombre para la conexión.',
  },
  ERR_CHANNEL_TOKEN_INVALID: {
    message: 'El proveedor rechazó el token de la conexión.',
    description: 'El token o las credenciales informados no fueron aceptados por el proveedor.',
    detail: 'Revise el token y las credenciales en el panel del proveedor e intente de nuevo.',
  },
  ERR_WEBHOOK_SIGNATURE: {
    message: 'Firma del webhook inválida.',
    description: 'La llamada no fue firmada por el proveedor con el secreto de esta conexión.',
    detail: 'Revise el secreto de la aplicación configurado en la conexión.',
  },
  ERR_WINDOW_CLOSED: {
    message: 'La ventana de 24 horas está cerrada.',
    description: 'El cliente no escribe hace más de 24 horas; solo se puede enviar una plantilla aprobada.',
    detail: 'Envíe una plantilla aprobada para reabrir la conversación.',
  },
  ERR_NO_TEMPLATE_FOUND: {
    message: 'Plantilla no encontrada.',
    description: 'La plantilla no existe o no está aprobada en esta conexión.',
    detail: 'Sincronice las plantillas de la conexión e intente de nuevo.',
  },
  ERR_CHANNEL_NOT_SUPPORTED: {
    message: 'Acción no disponible para este tipo de conexión.',
    description: 'El proveedor de esta conexión no ofrece esta acción.',
    detail: 'Use una conexión de otro tipo para esta acción.',
  },
  ERR_REQUEST_TOO_LARGE: {
    message: 'La solicitud es demasiado grande.',
    description: 'Los datos enviados superan el tamaño que acepta el servidor.',
    detail: 'Envíe menos datos a la vez e intente de nuevo.',
  },
  ERR_UNSUPPORTED_MEDIA_TYPE: {
    message: 'Formato de solicitud no admitido.',
    description: 'Los datos se enviaron en un formato que esta dirección no acepta.',
    detail: 'Actualice la página e intente de nuevo; si persiste, contacte al soporte.',
  },
  ERR_PROXY_PRIVATE_ADDRESS: {
    message: 'El proxy no puede apuntar a una dirección interna.',
    description: 'La dirección del proxy está en una red privada, local o reservada.',
    detail: 'Use un proxy accesible desde internet, o pida al operador que permita direcciones privadas.',
  },
  ERR_PROVIDER_UNAVAILABLE: {
    message: 'El proveedor no respondió.',
    description: 'No se pudo contactar al proveedor del canal, o respondió con un error.',
    detail: 'Espere un momento e intente de nuevo.',
  },
  // Disponibilidad (/readyz)
  ERR_DATABASE_UNAVAILABLE: {
    message: 'La base de datos no está disponible.',
    description: 'El servidor no puede acceder a su base de datos en este momento.',
    detail: 'Espere un momento e intente de nuevo. Si continúa, el administrador debe revisar el servidor de la base de datos.',
  },
  ERR_JOB_QUEUE_UNAVAILABLE: {
    message: 'La cola de tareas en segundo plano no está disponible.',
    description: 'El servidor no puede ejecutar tareas en segundo plano (envío de mensajes, importaciones, recordatorios) en este momento.',
    detail: 'Espere un momento e intente de nuevo. Si continúa, el administrador debe revisar los registros del servidor y la base de datos.',
  },
  ERR_REDIS_UNAVAILABLE: {
    message: 'El servicio de tiempo real no está disponible.',
    description: 'El servidor no puede acceder a Redis, que comparte las actualizaciones en vivo entre servidores.',
    detail: 'Espere un momento e intente de nuevo. Si continúa, el administrador debe revisar el servidor Redis.',
  },
  ERR_API_CONFIG_EXISTS: {
    message: 'Ya existe una configuración de API con este nombre.',
    description: 'El nombre de cada configuración de API es único en la empresa.',
    detail: 'Elija otro nombre para la configuración.',
  },
};
