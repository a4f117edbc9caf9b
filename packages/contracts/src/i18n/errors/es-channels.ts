import type { ErrorCatalogue } from '../index.js';

/** Error texts (es) of channels and WhatsApp, and readiness; joined in es.ts. */
export const errorsEsChannels = {
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
    detail:
      'Espere un momento e intente de nuevo. Si continúa, el administrador debe revisar el servidor de la base de datos.',
  },
  ERR_JOB_QUEUE_UNAVAILABLE: {
    message: 'La cola de tareas en segundo plano no está disponible.',
    description:
      'El servidor no puede ejecutar tareas en segundo plano (envío de mensajes, importaciones, recordatorios) en este momento.',
    detail:
      'Espere un momento e intente de nuevo. Si continúa, el administrador debe revisar los registros del servidor y la base de datos.',
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
} satisfies Partial<ErrorCatalogue>;
