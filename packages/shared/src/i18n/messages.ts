/**
 * The catalogue of every message the API sends and every validation message the forms show.
 * Keys are stable identifiers (the spec's keys where it names one); each carries both languages.
 * The web app loads this catalogue into i18next under the `msg` namespace, so a key missing in
 * one language fails the catalogue test, not a user.
 */
import { clientMessages } from './client-messages';

export const messages = {
  // Those the web app's API client needs on every page: kept apart so the browser's first load carries only them.
  ...clientMessages,
  // Validation (spec §5)
  RequiredField: { en: '*Required field', fr: '*Champ obligatoire' },
  RegValBlank: { en: 'You cannot leave this field blank', fr: 'Vous ne pouvez pas laisser ce champ vide' },
  RegValMinHundred: {
    en: 'Cannot contain more than 100 characters.',
    fr: 'Ne peut pas contenir plus de 100 caractères.',
  },
  RegValNumSpec: {
    en: 'Cannot contain special characters or numbers',
    fr: 'Ne peut pas contenir de caractères spéciaux ni de chiffres',
  },
  InvalidEmail: { en: 'Invalid email', fr: 'E-mail invalide' },
  SameEmail: { en: "You can't update with the same email", fr: 'Vous ne pouvez pas utiliser le même e-mail' },
  InvalidNumber: { en: 'Invalid number', fr: 'Numéro invalide' },
  RegInvalidPhone: { en: 'Phone number is not valid', fr: "Le numéro de téléphone n'est pas valide" },
  SamePhone: {
    en: "You can't update with the same phone number",
    fr: 'Vous ne pouvez pas utiliser le même numéro de téléphone',
  },
  PasswordMin: {
    en: 'Password must contain at least 8 characters',
    fr: 'Le mot de passe doit contenir au moins 8 caractères',
  },
  PasswordMax: {
    en: 'Password cannot contain more than 100 characters',
    fr: 'Le mot de passe ne peut pas contenir plus de 100 caractères',
  },
  PasswordSpecial: {
    en: 'Password must contain a special character !@#$%^&*(),.?":{}|<>',
    fr: 'Le mot de passe doit contenir un caractère spécial !@#$%^&*(),.?":{}|<>',
  },
  RegValConfirmPassMatch: { en: 'Passwords must match', fr: 'Les mots de passe doivent correspondre' },
  CountryRequired: { en: 'Please select your country', fr: 'Veuillez sélectionner votre pays' },
  PhoneRequired: { en: 'Please enter your phone number', fr: 'Veuillez saisir votre numéro de téléphone' },
  AcceptBox: {
    en: 'to go further you must check the box "I accept".',
    fr: "pour aller plus loin vous devez cocher la case « J'accepte ».",
  },
  BothBoxesRequired: { en: 'These two fields are required.', fr: 'Ces deux champs sont obligatoires.' },
  BirthDateRequired: { en: 'Please enter your date of birth', fr: 'Veuillez saisir votre date de naissance' },
  BirthDateInvalid: { en: 'Invalid date', fr: 'Date invalide' },
  MinimumAge: { en: 'You must be at least 18 years old', fr: 'Vous devez avoir au moins 18 ans' },
  DisableReasonRequired: {
    en: 'Please provide a reason to continue.',
    fr: 'Veuillez indiquer une raison pour continuer.',
  },
  OtpRequired: { en: 'Plesae input Otp!', fr: 'Veuillez saisir le code\u00a0!' },
  OtpInvalid: { en: 'Otp is not valid!', fr: "Le code n'est pas valide\u00a0!" },
  SelectPaymentMethod: { en: 'Please select a payment method', fr: 'Veuillez sélectionner un moyen de paiement' },
  SelectShares: { en: 'Please select the shares', fr: 'Veuillez sélectionner les parts' },

  // Request-level errors
  InvalidRequest: { en: 'Invalid request', fr: 'Requête invalide' },
  MalformedJson: { en: 'The request body is not valid JSON', fr: "Le corps de la requête n'est pas un JSON valide" },
  BodyTooLarge: { en: 'The request body is too large', fr: 'Le corps de la requête est trop volumineux' },
  UnknownField: { en: 'The request contains an unknown field', fr: 'La requête contient un champ inconnu' },
  UnsupportedMediaType: { en: 'Unsupported content type', fr: 'Type de contenu non pris en charge' },
  NotFound: { en: 'Not found', fr: 'Introuvable' },
  TooManyRequests: {
    en: 'Too many attempts. Please try again later.',
    fr: 'Trop de tentatives. Veuillez réessayer plus tard.',
  },

  // Authentication (spec §8: the English texts are read by clients, keep them exact)
  Unauthorized: { en: 'Authentication required', fr: 'Authentification requise' },
  Forbidden: { en: 'You are not allowed to do this', fr: "Vous n'êtes pas autorisé à faire cela" },
  InvalidCredentials: { en: 'Invalid email or password', fr: 'E-mail ou mot de passe incorrect' },
  EmailAlreadyExists: {
    en: 'Email already exists. Please log in or use another email.',
    fr: 'Cet e-mail existe déjà. Veuillez vous connecter ou utiliser un autre e-mail.',
  },
  LoginSuccessful: { en: 'Login successful', fr: 'Connexion réussie' },
  LoginSuccessfulTitle: { en: 'Login Successful', fr: 'Connexion réussie' },
  QuickLoginSuccess: { en: 'Quick Login Success', fr: 'Connexion rapide réussie' },
  RegisterSuccessful: { en: 'Registration successful', fr: 'Inscription réussie' },
  TokenRefreshed: { en: 'Token refreshed', fr: 'Jeton renouvelé' },
  ProfileFetched: { en: 'Profile fetched', fr: 'Profil récupéré' },
  Ok: { en: 'OK', fr: 'OK' },

  // Email verification and codes
  VerificationCodeSent: {
    en: 'A code has been sent to your email address. Please check your email.',
    fr: 'Un code a été envoyé à votre adresse e-mail. Veuillez consulter votre messagerie.',
  },
  EmailVerified: { en: 'Your email has been verified', fr: 'Votre e-mail a été vérifié' },
  EmailAlreadyVerified: { en: 'Your email is already verified', fr: 'Votre e-mail est déjà vérifié' },
  CodeInvalid: { en: 'The code is not valid', fr: "Le code n'est pas valide" },
  CodeExpired: {
    en: 'The code has expired. Please ask for a new one.',
    fr: 'Le code a expiré. Veuillez en demander un nouveau.',
  },
  CodeAttemptsExhausted: {
    en: 'Too many wrong codes. Please ask for a new one.',
    fr: 'Trop de codes erronés. Veuillez en demander un nouveau.',
  },

  // Password reset
  ForgotPasswordSent: {
    en: 'If an account exists for this email, a reset link has been sent to it.',
    fr: 'Si un compte existe pour cet e-mail, un lien de réinitialisation lui a été envoyé.',
  },
  ResetLinkValid: { en: 'The link is valid', fr: 'Le lien est valide' },
  ResetLinkInvalid: {
    en: 'This link is invalid or has expired. Please ask for a new one.',
    fr: 'Ce lien est invalide ou a expiré. Veuillez en demander un nouveau.',
  },
  PasswordResetDone: {
    en: 'Your password has been reset. You can now log in.',
    fr: 'Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter.',
  },
  PasswordChanged: { en: 'Your password has been changed', fr: 'Votre mot de passe a été modifié' },
  OldPasswordWrong: { en: 'The current password is incorrect', fr: 'Le mot de passe actuel est incorrect' },
  NewPasswordSameAsOld: {
    en: 'The new password must differ from the current one',
    fr: "Le nouveau mot de passe doit être différent de l'actuel",
  },

  // Account management (profile edit, spec §2 and §4)
  PhoneMissing: {
    en: 'Please enter your phone number, to receive OTP!',
    fr: 'Veuillez saisir votre numéro de téléphone pour recevoir le code\u00a0!',
  },
  OtpSentToPhone: {
    en: 'A code has been sent to your phone number.',
    fr: 'Un code a été envoyé à votre numéro de téléphone.',
  },
  SmsNotSent: {
    en: 'We could not send an SMS to this number. Check it or try again later.',
    fr: 'Nous n’avons pas pu envoyer de SMS à ce numéro. Vérifiez-le ou réessayez plus tard.',
  },
  ProfileUpdated: { en: 'Your profile has been updated', fr: 'Votre profil a été mis à jour' },
  ProfileImageUpdated: { en: 'Your profile picture has been updated', fr: 'Votre photo de profil a été mise à jour' },
  ImageRequired: { en: 'Please choose an image', fr: 'Veuillez choisir une image' },
  ImageTypeNotAllowed: {
    en: 'Only JPEG, PNG or WebP images are accepted',
    fr: 'Seules les images JPEG, PNG ou WebP sont acceptées',
  },
  ImageTooLarge: { en: 'The image must not exceed 5 MB', fr: "L'image ne doit pas dépasser 5 Mo" },
  ImageInvalid: { en: 'The image could not be read', fr: "L'image n'a pas pu être lue" },
  EmailUpdated: {
    en: 'Your email has been updated. Please log in again.',
    fr: 'Votre e-mail a été mis à jour. Veuillez vous reconnecter.',
  },
  PhoneVerified: { en: 'Your phone number has been verified', fr: 'Votre numéro de téléphone a été vérifié' },
  PhoneUpdated: { en: 'Your phone number has been updated', fr: 'Votre numéro de téléphone a été mis à jour' },
  IbanInvalid: { en: 'Invalid IBAN', fr: 'IBAN invalide' },
  AccountOwnerTooLong: {
    en: 'The account owner’s name cannot be longer than 70 characters (the limit of a SEPA transfer).',
    fr: 'Le nom du titulaire ne peut pas dépasser 70 caractères (la limite d’un virement SEPA).',
  },
  AccountOwnerNotLatin: {
    en: 'Write the account owner’s name in Latin letters, as the bank knows it.',
    fr: 'Écrivez le nom du titulaire en lettres latines, tel que la banque le connaît.',
  },
  BankSaved: { en: 'Your bank details have been saved', fr: 'Vos coordonnées bancaires ont été enregistrées' },
  BankFetched: { en: 'Bank details', fr: 'Coordonnées bancaires' },
  PaypalSaved: { en: 'Your PayPal account has been saved', fr: 'Votre compte PayPal a été enregistré' },
  AccountDisabled: { en: 'Your account has been deactivated', fr: 'Votre compte a été désactivé' },
  LanguageUpdated: { en: 'Language updated', fr: 'Langue mise à jour' },

  // Social sign-in (spec §8: the English texts are read by clients, keep them exact)
  SocialEmailExists: {
    en: 'An account already exists with the same email address.',
    fr: 'Un compte existe déjà avec la même adresse e-mail.',
  },
  TokenExpired: { en: 'Token expired', fr: 'Jeton expiré' },
  SocialProviderNotConfigured: {
    en: 'This sign-in method is not available',
    fr: "Ce mode de connexion n'est pas disponible",
  },

  // Captcha
  CaptchaVerified: { en: 'Captcha verified', fr: 'Captcha vérifié' },
  SignInWait: {
    en: 'Too many failed sign-in attempts. Please wait a few seconds before trying again.',
    fr: 'Trop de tentatives de connexion échouées. Veuillez patienter quelques secondes avant de réessayer.',
  },
  // Catalogue and public site (issue 4)
  InvalidPagination: {
    en: 'limit must be a whole number from 1 to 100 and offset a whole number from 0 to 100000',
    fr: 'limit doit être un nombre entier de 1 à 100 et offset un nombre entier de 0 à 100000',
  },
  InvalidCurrency: { en: 'currency must be EURO or USD', fr: 'currency doit valoir EURO ou USD' },
  InvalidMarketType: { en: 'type must be primary or secondary', fr: 'type doit valoir primary ou secondary' },
  InvalidContentType: { en: 'Unknown content type', fr: 'Type de contenu inconnu' },
  ArtistNotFound: { en: 'Artist not found', fr: 'Artiste introuvable' },
  PaintingNotFound: { en: 'Painting not found', fr: 'Œuvre introuvable' },
  ContentNotFound: { en: 'Content not found', fr: 'Contenu introuvable' },
  ContactFirstNameRequired: { en: 'Please provide your first name', fr: 'Veuillez indiquer votre prénom' },
  ContactLastNameRequired: { en: 'Please provide your last name', fr: 'Veuillez indiquer votre nom' },
  ContactEmailRequired: { en: 'Please provide your email', fr: 'Veuillez indiquer votre e-mail' },
  ContactPhoneRequired: { en: 'Please provide your phone number', fr: 'Veuillez indiquer votre numéro de téléphone' },
  ContactObjectRequired: {
    en: 'Please provide the object of the message',
    fr: "Veuillez indiquer l'objet du message",
  },
  ContactMessageRequired: { en: 'Please provide your message', fr: 'Veuillez saisir votre message' },
  ContactFieldTooLong: { en: 'This field is too long', fr: 'Ce champ est trop long' },
  MessageSentSuccess: { en: 'Message sent successfully', fr: 'Message envoyé avec succès' },
  MessageSentError: { en: 'Error sending message', fr: "Erreur lors de l'envoi du message" },
  FormTooSoon: {
    en: 'Please take a moment to check what you are sending, then confirm again.',
    fr: 'Prenez un instant pour vérifier ce que vous envoyez, puis confirmez de nouveau.',
  },
  FormExpired: {
    en: 'This form has expired. Please fill it in again.',
    fr: 'Ce formulaire a expiré. Veuillez le remplir de nouveau.',
  },
  NewsletterConfirmSent: {
    en: 'Please check your email to confirm your subscription.',
    fr: 'Veuillez consulter votre messagerie pour confirmer votre inscription.',
  },
  NewsletterConfirmed: { en: 'Your subscription is confirmed', fr: 'Votre inscription est confirmée' },
  NewsletterUnsubscribed: { en: 'You have been unsubscribed', fr: 'Votre désinscription est effective' },
  NewsletterTokenInvalid: {
    en: 'This link is invalid or has already been used.',
    fr: 'Ce lien est invalide ou a déjà été utilisé.',
  },

  // ---------------------------------------------------------------- purchases and certificates (issue 5)
  PaintingNotOnSale: {
    en: 'This work is not on sale on the primary market.',
    fr: 'Cette œuvre n’est pas en vente sur le marché primaire.',
  },
  NotEnoughParts: {
    en: 'Not enough parts are available for this quantity.',
    fr: 'Il n’y a pas assez de parts disponibles pour cette quantité.',
  },
  QuantityTooLarge: { en: 'This quantity is too large.', fr: 'Cette quantité est trop grande.' },
  // A hot drop (issue 16): the member learns at once what is left, and the request never waits long for its turn.
  PartsSoldOut: {
    en: 'This work is sold out: no parts are left on sale.',
    fr: 'Cette œuvre est épuisée : il ne reste plus de parts en vente.',
  },
  NotEnoughPartsLeft: {
    en: 'Not enough parts are left for this quantity (left: {{available}}): try a smaller one.',
    fr: 'Il ne reste pas assez de parts pour cette quantité (restantes : {{available}}) : essayez-en une plus petite.',
  },
  ServerBusy: {
    en: 'The service is very busy right now. Please try again in a moment.',
    fr: 'Le service est très sollicité en ce moment. Veuillez réessayer dans un instant.',
  },
  DropBusy: {
    en: 'Many members are buying this work right now. Please try again in a moment.',
    fr: 'De nombreux membres achètent cette œuvre en ce moment. Veuillez réessayer dans un instant.',
  },
  OwnerNameRequired: {
    en: 'Please give the name of the certificate holder',
    fr: 'Veuillez indiquer le nom du titulaire du certificat',
  },
  ResponsibilityRequired: {
    en: 'Please confirm that you remain responsible for the shares.',
    fr: 'Veuillez confirmer que vous restez responsable des parts.',
  },
  InsufficientBalance: {
    en: 'Your account balance is insufficient to complete this transaction. Please ensure that you have sufficient funds in your account before proceeding.',
    fr: 'Le solde de votre compte est insuffisant pour effectuer cette transaction. Veuillez vous assurer de disposer de fonds suffisants avant de continuer.',
  },
  PaymentError: {
    en: 'An error occurred during the payment process. Please try again.',
    fr: 'Une erreur est survenue lors du paiement. Veuillez réessayer.',
  },
  CardDeclined: { en: 'Your card was declined.', fr: 'Votre carte a été refusée.' },
  PaymentMethodUnavailable: {
    en: 'This payment method is not available. Please choose another one.',
    fr: 'Ce moyen de paiement n’est pas disponible. Veuillez en choisir un autre.',
  },
  PurchaseCancelled: {
    en: 'Purchase cancelled: its parts are back on offer. You may choose another way to pay.',
    fr: 'Achat annulé : ses parts sont de nouveau proposées. Vous pouvez choisir un autre moyen de paiement.',
  },
  PurchaseComplete: {
    en: 'Congratulations! Your parts purchase is complete',
    fr: 'Félicitations\u00a0! Votre achat de parts est terminé',
  },
  PaymentSuccessful: { en: 'Payment successful', fr: 'Paiement réussi' },
  PurchaseNotFound: { en: 'This purchase does not exist.', fr: 'Cet achat n’existe pas.' },
  // Issue 30: the reflection period.
  ReflectionPeriodOver: {
    en: 'The 4-day reflection period of this purchase is over: it can no longer be revoked.',
    fr: 'Le délai de réflexion de 4 jours de cet achat est écoulé : il ne peut plus être annulé.',
  },
  RevocationNotAllowed: {
    en: 'Only a paid purchase on the primary market can be revoked in its reflection period.',
    fr: 'Seul un achat payé sur le marché primaire peut être annulé pendant son délai de réflexion.',
  },
  RevocationPartsGone: {
    en: 'The parts of this purchase are no longer all yours, so it cannot be revoked. Please contact us.',
    fr: 'Les parts de cet achat ne sont plus toutes à vous : il ne peut pas être annulé. Veuillez nous contacter.',
  },
  RevocationLinkInvalid: {
    en: 'This revocation link is not valid. Open your purchase from your portfolio or your history.',
    fr: 'Ce lien d’annulation n’est pas valide. Ouvrez votre achat depuis votre portefeuille ou votre historique.',
  },
  PartsProvisional: {
    en: 'Some of these parts are still in their 4-day reflection period: they can be sold once it ends.',
    fr: 'Certaines de ces parts sont encore dans leur délai de réflexion de 4 jours : elles pourront être vendues à sa fin.',
  },
  PurchaseExpired: {
    en: 'Your reservation has expired: the parts were released. Please start again.',
    fr: 'Votre réservation a expiré\u00a0: les parts ont été libérées. Veuillez recommencer.',
  },
  LatePaymentRefunded: {
    en: 'Your payment arrived after your reservation ended and these parts are no longer available: it is refunded to your card or PayPal account.',
    fr: 'Votre paiement est arrivé après la fin de votre réservation et ces parts ne sont plus disponibles\u00a0: il est remboursé sur votre carte ou votre compte PayPal.',
  },
  PurchaseAlreadyPaid: { en: 'This purchase is already paid.', fr: 'Cet achat est déjà payé.' },
  PaymentMethodMismatch: {
    en: 'This purchase is paid with another method.',
    fr: 'Cet achat est réglé par un autre moyen de paiement.',
  },
  IdempotencyKeyReused: {
    en: 'This Idempotency-Key was already used for another request.',
    fr: 'Cette clé d’idempotence a déjà servi pour une autre requête.',
  },
  IdempotencyKeyInvalid: {
    en: 'The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.',
    fr: 'L’en-tête Idempotency-Key doit compter de 8 à 100 lettres, chiffres, tirets ou soulignés.',
  },
  RequestInProgress: {
    en: 'The same request is still being processed.',
    fr: 'La même requête est encore en cours de traitement.',
  },
  WebhookSignatureInvalid: { en: 'Invalid signature.', fr: 'Signature invalide.' },
  CertificateNotFound: {
    en: 'No certificate has this number.',
    fr: 'Aucun certificat ne porte ce numéro.',
  },

  // ---------------------------------------------------------------- member area (issue 6)
  WithdrawalMinUSD: { en: 'Should be greater than or equal to 1 $', fr: 'Doit être supérieur ou égal à 1 $' },
  WithdrawalMinEURO: { en: 'Should be greater than or equal to 1 €', fr: 'Doit être supérieur ou égal à 1 €' },
  WithdrawalAmountInvalid: {
    en: 'Enter an amount with at most two decimals.',
    fr: 'Saisissez un montant avec au plus deux décimales.',
  },
  BankAccountRequired: { en: 'Bank account is required', fr: 'Le compte bancaire est obligatoire' },
  WithdrawalSubmitted: {
    en: 'Your withdrawal request is in progress',
    fr: 'Votre demande de retrait est en cours',
  },
  WithdrawalNotFound: { en: 'This withdrawal does not exist.', fr: 'Ce retrait n’existe pas.' },
  WithdrawalAlreadyDecided: {
    en: 'This withdrawal has already been decided.',
    fr: 'Ce retrait a déjà été traité.',
  },
  WithdrawalApproved: { en: 'Withdrawal approved', fr: 'Retrait approuvé' },
  WithdrawalRejected: { en: 'Withdrawal rejected', fr: 'Retrait refusé' },
  ReasonRequired: { en: 'Please give a reason.', fr: 'Veuillez indiquer une raison.' },
  DividendDeclared: {
    en: 'Dividend declared: check the preview; another operator approves it to pay it',
    fr: 'Dividende déclaré\u00a0: vérifiez l’aperçu\u00a0; un autre opérateur l’approuve pour le verser',
  },
  DividendAlreadyDeclared: {
    en: 'A dividend is already declared for this work and year.',
    fr: 'Un dividende est déjà déclaré pour cette œuvre et cette année.',
  },
  DividendNoHolders: {
    en: 'Nobody holds parts of this work at the record date.',
    fr: 'Personne ne détient de parts de cette œuvre à la date d’arrêté.',
  },
  DividendAmountInvalid: {
    en: 'Give either a total amount or an amount per part, greater than zero.',
    fr: 'Indiquez soit un montant total, soit un montant par part, supérieur à zéro.',
  },
  SaleNotOpen: {
    en: 'Parts of this work can be sold once it is on the secondary market.',
    fr: 'Les parts de cette œuvre pourront être vendues une fois qu’elle sera sur le marché secondaire.',
  },
  NotEnoughPartsOwned: {
    en: 'You do not own that many parts of this work.',
    fr: 'Vous ne détenez pas autant de parts de cette œuvre.',
  },
  PartsListed: { en: 'Parts Listed', fr: 'Parts mises en vente' },
  ListingNotFound: { en: 'This listing does not exist.', fr: 'Cette mise en vente n’existe pas.' },
  ListingClosed: { en: 'This listing is already closed.', fr: 'Cette mise en vente est déjà close.' },
  ListingWithdrawn: { en: 'Your parts are no longer for sale.', fr: 'Vos parts ne sont plus en vente.' },
  PriceOutOfBounds: {
    en: 'The price per part must be between {{min}} and {{max}}.',
    fr: 'Le prix par part doit être compris entre {{min}} et {{max}}.',
  },
  InvalidPrice: {
    en: 'Enter a price per part in cents, a whole number greater than zero.',
    fr: 'Indiquez un prix par part en centimes, un nombre entier supérieur à zéro.',
  },
  BidPlaced: { en: 'Your bid is placed.', fr: 'Votre offre d’achat est enregistrée.' },
  BidNotFound: { en: 'This bid does not exist.', fr: 'Cette offre d’achat n’existe pas.' },
  BidClosed: { en: 'This bid is already closed.', fr: 'Cette offre d’achat est déjà close.' },
  BidCancelled: {
    en: 'Your bid is cancelled and its funds are back in your wallet.',
    fr: 'Votre offre d’achat est annulée et ses fonds sont revenus dans votre porte-monnaie.',
  },
  BidExpiryInvalid: {
    en: 'Choose an expiry between 1 and 90 days.',
    fr: 'Choisissez une échéance entre 1 et 90 jours.',
  },
  OwnOrder: {
    en: 'You cannot trade with your own order.',
    fr: 'Vous ne pouvez pas traiter avec votre propre ordre.',
  },
  AcceptNeedsBulletinBoard: {
    en: 'Orders are matched automatically: place a bid or an ask instead.',
    fr: 'Les ordres sont appariés automatiquement\u00a0: passez plutôt une offre d’achat ou de vente.',
  },
  OrderAccepted: { en: 'Trade done.', fr: 'Transaction effectuée.' },
  MarketSettingsSaved: { en: 'Market settings saved.', fr: 'Réglages du marché enregistrés.' },
  MarketBoundsInvalid: {
    en: 'The lowest bound must be between 1% and 100%, the highest between 100% and 1,000%.',
    fr: 'La borne basse doit être comprise entre 1\u00a0% et 100\u00a0%, la borne haute entre 100\u00a0% et 1\u202f000\u00a0%.',
  },
  SecondaryReserved: {
    en: 'The secondary market is reserved for members holding parts bought on the primary market.',
    fr: 'Le marché secondaire est réservé aux membres détenant des parts achetées sur le marché primaire.',
  },
  StatementPreparing: {
    en: 'Your statement is being prepared. Please open the link again in a few seconds.',
    fr: 'Votre relevé est en cours de préparation. Veuillez rouvrir le lien dans quelques secondes.',
  },
  NotReady: {
    en: 'Not ready: the database does not answer or its migrations are behind.',
    fr: 'Pas prêt\u00a0: la base de données ne répond pas ou ses migrations sont en retard.',
  },
  OperatorOnly: { en: 'This action is reserved to operators.', fr: 'Cette action est réservée aux opérateurs.' },
  // Operator roles (issue 15).
  OperatorRoleForbidden: {
    en: 'Your operator role does not allow this action.',
    fr: 'Votre rôle d’opérateur ne permet pas cette action.',
  },
  OperatorRoleChanged: { en: 'The operator’s role was changed.', fr: 'Le rôle de l’opérateur a été modifié.' },
  OwnRoleUnchangeable: {
    en: 'You cannot change your own role: ask another admin.',
    fr: 'Vous ne pouvez pas modifier votre propre rôle : demandez à un autre administrateur.',
  },
  OperatorInvited: {
    en: 'The operator was invited: a link to choose a password was emailed.',
    fr: 'L’opérateur a été invité : un lien pour choisir son mot de passe lui a été envoyé.',
  },
  OperatorDisabled: { en: 'The operator was disabled.', fr: 'L’opérateur a été désactivé.' },
  OperatorEnabled: { en: 'The operator was enabled again.', fr: 'L’opérateur a été réactivé.' },
  OwnAccountUnchangeable: {
    en: 'You cannot disable your own operator account: ask another admin.',
    fr: 'Vous ne pouvez pas désactiver votre propre compte d’opérateur : demandez à un autre administrateur.',
  },
  LastAdminRequired: {
    en: 'The platform must keep at least one admin.',
    fr: 'La plateforme doit garder au moins un administrateur.',
  },
  // Reservation limits (decision 84): one member cannot hold a drop with unpaid purchases.
  ReservationPending: {
    en: 'You already have a purchase of this work awaiting payment. Finish paying it, or wait until its reservation expires (at most {{minutes}} minutes), then try again.',
    fr: 'Vous avez déjà un achat de cette œuvre en attente de paiement. Terminez son paiement, ou attendez la fin de sa réservation (au plus {{minutes}} minutes), puis réessayez.',
  },
  PurchaseNotCancellable: {
    en: 'This purchase is no longer awaiting payment, so it cannot be cancelled.',
    fr: 'Cet achat n’est plus en attente de paiement : il ne peut plus être annulé.',
  },
  ReservationShareLimit: {
    en: 'While a payment is pending, the most parts of this work you may reserve at a time: {{parts}} ({{percent}}% of its parts on sale).',
    fr: 'Pendant un paiement en attente, le nombre maximal de parts de cette œuvre que vous pouvez réserver à la fois : {{parts}} ({{percent}} % de ses parts en vente).',
  },
  ReservationValueLimit: {
    en: 'Your purchases awaiting payment may total at most {{amount}} across all works. Finish paying them, or wait until they expire.',
    fr: 'Vos achats en attente de paiement ne peuvent pas dépasser {{amount}} au total, toutes œuvres confondues. Terminez leur paiement, ou attendez leur expiration.',
  },
  // Input hygiene (decision 74)
  ControlCharacters: {
    en: 'This text contains characters that are not allowed (control or direction-override characters).',
    fr: 'Ce texte contient des caractères non autorisés (caractères de contrôle ou de changement de sens d’écriture).',
  },
  JsonTooDeep: {
    en: 'The request is nested too deeply (maximum depth: {{depth}}).',
    fr: 'La requête est trop imbriquée (profondeur maximale : {{depth}}).',
  },

  // ---------------------------------------------------------------- account safety (issue 12)
  EmailNotVerified: {
    en: 'Please verify your email address before doing this.',
    fr: 'Veuillez vérifier votre adresse e-mail avant de faire cela.',
  },
  QuickSignUpRestricted: {
    en: 'Set your password with the link we emailed you (or verify your email) before doing this.',
    fr: 'Choisissez votre mot de passe avec le lien reçu par e-mail (ou vérifiez votre e-mail) avant de faire cela.',
  },
  SetPasswordLinkValid: { en: 'The link is valid', fr: 'Le lien est valide' },
  PasswordSet: {
    en: 'Your password has been set and your email verified. You can now log in.',
    fr: 'Votre mot de passe est enregistré et votre e-mail vérifié. Vous pouvez maintenant vous connecter.',
  },
  TotpRequired: {
    en: 'Enter the code of your authenticator app.',
    fr: 'Saisissez le code de votre application d’authentification.',
  },
  TotpEnrolmentRequired: {
    en: 'Set up two-factor authentication before using the operator tools.',
    fr: 'Activez l’authentification à deux facteurs avant d’utiliser les outils des opérateurs.',
  },
  TotpCodeInvalid: {
    en: 'The authentication code is not valid.',
    fr: 'Le code d’authentification n’est pas valide.',
  },
  TotpChallengeInvalid: {
    en: 'This sign-in has expired. Please sign in again.',
    fr: 'Cette connexion a expiré. Veuillez vous reconnecter.',
  },
  TotpAlreadyEnrolled: {
    en: 'Two-factor authentication is already set up.',
    fr: 'L’authentification à deux facteurs est déjà activée.',
  },
  TotpSecretCreated: {
    en: 'Add this key to your authenticator app, then confirm with a code.',
    fr: 'Ajoutez cette clé à votre application d’authentification, puis confirmez avec un code.',
  },
  TotpEnrolled: {
    en: 'Two-factor authentication is on. Keep the recovery codes somewhere safe: they are shown once.',
    fr: 'L’authentification à deux facteurs est activée. Gardez les codes de secours en lieu sûr\u00a0: ils ne sont affichés qu’une fois.',
  },
  StepUpCodeRequired: {
    en: 'To confirm, ask for a code (sent by SMS, or by email without a phone number) and enter it.',
    fr: 'Pour confirmer, demandez un code (envoyé par SMS, ou par e-mail sans numéro de téléphone) et saisissez-le.',
  },
  TwoFactorCodeRequired: {
    en: 'Two-step verification is on: enter the 6-digit code from your authenticator app (or a recovery code).',
    fr: 'La vérification en deux étapes est activée\u00a0: saisissez le code à 6 chiffres de votre application d’authentification (ou un code de secours).',
  },
  TwoFactorEnabled: {
    en: 'Two-step verification is on. Keep the recovery codes somewhere safe: they are shown once.',
    fr: 'La vérification en deux étapes est activée. Gardez les codes de secours en lieu sûr\u00a0: ils ne sont affichés qu’une fois.',
  },
  TwoFactorDisabled: {
    en: 'Two-step verification is off.',
    fr: 'La vérification en deux étapes est désactivée.',
  },
  TwoFactorNotEnabled: {
    en: 'Two-step verification is not on.',
    fr: 'La vérification en deux étapes n’est pas activée.',
  },
  TwoFactorOperatorRequired: {
    en: 'Operators keep their second factor; ask another operator to reset it if you lost your phone.',
    fr: 'Les opérateurs gardent leur second facteur\u00a0; demandez à un autre opérateur de le réinitialiser si vous avez perdu votre téléphone.',
  },
  TwoFactorStateFetched: { en: 'Two-step verification', fr: 'Vérification en deux étapes' },
  OperatorPasswordSignInOnly: {
    en: 'Operators sign in with their password and authentication code.',
    fr: 'Les opérateurs se connectent avec leur mot de passe et leur code d’authentification.',
  },
  // Re-authentication, codes to a proven channel, freeze link, payout hold (issue 12)
  ReauthenticationRequired: {
    en: 'For your security, please confirm your password to continue.',
    fr: 'Pour votre sécurité, veuillez confirmer votre mot de passe pour continuer.',
  },
  PasswordIncorrect: { en: 'The password is incorrect', fr: 'Le mot de passe est incorrect' },
  Reauthenticated: { en: 'Password confirmed', fr: 'Mot de passe confirmé' },
  VerifiedEmailRequired: {
    en: 'Please confirm your email address first.',
    fr: 'Veuillez d’abord confirmer votre adresse e-mail.',
  },
  SecurityCodeSent: {
    en: 'A code has been sent to your email address',
    fr: 'Un code a été envoyé à votre adresse e-mail',
  },
  SecurityCodeValid: { en: 'Code confirmed', fr: 'Code confirmé' },
  CurrentChannelCodeRequired: {
    en: 'Enter the code sent to your current email address.',
    fr: 'Saisissez le code envoyé à votre adresse e-mail actuelle.',
  },
  FreezeLinkInvalid: {
    en: 'This link is invalid, expired or already used.',
    fr: 'Ce lien est invalide, expiré ou déjà utilisé.',
  },
  AccountFrozen: {
    en: 'Your account is frozen: every session was closed, and withdrawals and changes are blocked. Contact us to unfreeze it.',
    fr: 'Votre compte est gelé\u00a0: toutes les sessions ont été fermées, les retraits et les modifications sont bloqués. Contactez-nous pour le dégeler.',
  },
  AccountUnfrozen: { en: 'The account is unfrozen', fr: 'Le compte est dégelé' },
  AccountNotFrozen: { en: 'This account is not frozen.', fr: 'Ce compte n’est pas gelé.' },
  PayoutHold: {
    en: 'Withdrawals are paused for a while after a change of your email, phone or payout details.',
    fr: 'Les retraits sont suspendus quelque temps après une modification de votre e-mail, téléphone ou moyen de versement.',
  },
  WithdrawalAccountNotSaved: {
    en: 'Withdrawals are paid only to your saved bank account or PayPal address.',
    fr: 'Les retraits sont versés uniquement sur votre compte bancaire ou votre adresse PayPal enregistrés.',
  },
  // Operator console, members and money (issue 15).
  MemberNotFound: { en: 'This member does not exist.', fr: 'Ce membre n’existe pas.' },
  MemberDisabled: { en: 'The account is disabled', fr: 'Le compte est désactivé' },
  MemberEnabled: { en: 'The account is enabled', fr: 'Le compte est réactivé' },
  MemberAlreadyDisabled: { en: 'This account is already disabled.', fr: 'Ce compte est déjà désactivé.' },
  MemberNotDisabled: { en: 'This account is not disabled.', fr: 'Ce compte n’est pas désactivé.' },
  OperatorAccountProtected: {
    en: 'Operators are managed on the operators page, not as members.',
    fr: 'Les opérateurs se gèrent dans la page des opérateurs, pas comme des membres.',
  },
  MemberSignedOutEverywhere: {
    en: 'Every session of the member is closed',
    fr: 'Toutes les sessions du membre sont fermées',
  },
  MemberNoteAdded: { en: 'The note is added', fr: 'La note est ajoutée' },
  NoteRequired: { en: 'Write the note.', fr: 'Rédigez la note.' },
  WithdrawalReleased: { en: 'The payout is released', fr: 'Le versement est libéré' },
  WithdrawalNotApproved: {
    en: 'Only an approved withdrawal that is not yet released can be released.',
    fr: 'Seul un retrait approuvé et pas encore libéré peut être libéré.',
  },
  WithdrawalAlreadyReleased: {
    en: 'This payout is already released.',
    fr: 'Ce versement est déjà libéré.',
  },
  FourEyesRequired: {
    en: 'Another operator must do this second step: the same person cannot both approve and release (four eyes).',
    fr: 'Un autre opérateur doit faire cette seconde étape : la même personne ne peut pas approuver et libérer (double validation).',
  },
  SepaDebtorNotConfigured: {
    en: 'SEPA debtor not configured: set SEPA_DEBTOR_NAME, SEPA_DEBTOR_IBAN and SEPA_DEBTOR_BIC.',
    fr: 'Débiteur SEPA non configuré : renseignez SEPA_DEBTOR_NAME, SEPA_DEBTOR_IBAN et SEPA_DEBTOR_BIC.',
  },
  SepaNothingToExport: {
    en: 'No released bank payout is waiting for export.',
    fr: 'Aucun virement libéré n’attend d’être exporté.',
  },
  DividendNotFound: { en: 'This dividend does not exist.', fr: 'Ce dividende n’existe pas.' },
  DividendAlreadyPaid: { en: 'This dividend is already paid.', fr: 'Ce dividende est déjà versé.' },
  DividendRecordDateFuture: {
    en: 'The record date cannot be in the future: the holders must be known.',
    fr: 'La date d’arrêté ne peut pas être dans le futur : les détenteurs doivent être connus.',
  },
  DividendApproved: { en: 'The dividend is approved and paid', fr: 'Le dividende est approuvé et versé' },
  DateRangeInvalid: {
    en: 'The start date must come before the end date.',
    fr: 'La date de début doit précéder la date de fin.',
  },
  // Catalogue section of the operator console (issue 15).
  InvalidDate: { en: 'Please enter a valid date (YYYY-MM-DD).', fr: 'Veuillez saisir une date valide (AAAA-MM-JJ).' },
  InvalidAmount: {
    en: 'Please enter a whole, positive amount in cents.',
    fr: 'Veuillez saisir un montant entier et positif en centimes.',
  },
  TextTooLong: { en: 'This text is too long.', fr: 'Ce texte est trop long.' },
  NothingToUpdate: { en: 'Nothing to update.', fr: 'Rien à modifier.' },
  InvalidYear: { en: 'Please enter a valid year.', fr: 'Veuillez saisir une année valide.' },
  InvalidDimensions: {
    en: 'Dimensions are whole centimetres, at least 1.',
    fr: 'Les dimensions sont des centimètres entiers, au moins 1.',
  },
  InvalidRate: {
    en: 'The rate is a positive decimal number, e.g. 1.0842.',
    fr: 'Le taux est un nombre décimal positif, par exemple 1.0842.',
  },
  InvalidDocumentKind: { en: 'Unknown document kind or language.', fr: 'Type de document ou langue inconnu.' },
  InvalidMarketState: {
    en: 'The market state is draft, shown, primary, secondary or sold.',
    fr: 'L’état de marché est draft, shown, primary, secondary ou sold.',
  },
  ArtistCreated: { en: 'The artist was created.', fr: 'L’artiste a été créé.' },
  ArtistUpdated: { en: 'The artist was updated.', fr: 'L’artiste a été modifié.' },
  ArtistPortraitUpdated: { en: 'The portrait was updated.', fr: 'Le portrait a été modifié.' },
  ArtistYearSaved: { en: 'The year’s figures were saved.', fr: 'Les chiffres de l’année ont été enregistrés.' },
  ArtistYearDeleted: { en: 'The year’s figures were deleted.', fr: 'Les chiffres de l’année ont été supprimés.' },
  ArtistYearNotFound: { en: 'No figures for this year.', fr: 'Aucun chiffre pour cette année.' },
  PaintingCreated: { en: 'The work was created as a draft.', fr: 'L’œuvre a été créée comme brouillon.' },
  PaintingUpdated: { en: 'The work was updated.', fr: 'L’œuvre a été modifiée.' },
  PaintingCoverUpdated: { en: 'The cover was updated.', fr: 'La couverture a été modifiée.' },
  PaintingImageAdded: { en: 'The image was added.', fr: 'L’image a été ajoutée.' },
  PaintingImageRemoved: { en: 'The image was removed.', fr: 'L’image a été retirée.' },
  PaintingImagesFull: {
    en: 'A work has at most 20 images: remove one first.',
    fr: 'Une œuvre a au plus 20 images\u00a0: retirez-en une d’abord.',
  },
  PaintingDocumentSaved: { en: 'The document was saved.', fr: 'Le document a été enregistré.' },
  EntryFeeAbovePrice: {
    en: 'The entry fee is included in the price of a part: it cannot exceed the price per part.',
    fr: 'Les frais d’entrée sont compris dans le prix d’une part : ils ne peuvent pas dépasser le prix par part.',
  },
  DimensionsLocked: {
    en: 'The dimensions cannot change once parts of the work are sold.',
    fr: 'Les dimensions ne peuvent plus changer une fois des parts de l’œuvre vendues.',
  },
  ArtworkImageTooLarge: { en: 'The image must not exceed 20 MB.', fr: 'L’image ne doit pas dépasser 20 Mo.' },
  DocumentRequired: { en: 'Please choose a PDF file.', fr: 'Veuillez choisir un fichier PDF.' },
  DocumentNotPdf: { en: 'Only PDF documents are accepted.', fr: 'Seuls les documents PDF sont acceptés.' },
  DocumentTooLarge: { en: 'The document must not exceed 20 MB.', fr: 'Le document ne doit pas dépasser 20 Mo.' },
  ValuationAdded: { en: 'The appraisal was added.', fr: 'L’expertise a été ajoutée.' },
  ValuationCorrected: {
    en: 'The appraisal was corrected (the previous figure is kept in the history).',
    fr: 'L’expertise a été corrigée (le chiffre précédent reste dans l’historique).',
  },
  ValuationNotFound: { en: 'Appraisal not found.', fr: 'Expertise introuvable.' },
  ValuationSuperseded: {
    en: 'This appraisal was already corrected: correct the latest version.',
    fr: 'Cette expertise a déjà été corrigée\u00a0: corrigez la dernière version.',
  },
  ValuationDocumentUnknown: {
    en: 'The supporting document was not uploaded for this work.',
    fr: 'Le justificatif n’a pas été déposé pour cette œuvre.',
  },
  DocumentUploaded: { en: 'The document was uploaded.', fr: 'Le document a été déposé.' },
  MarketChanged: { en: 'The market state was changed.', fr: 'L’état de marché a été modifié.' },
  MarketTransitionNotAllowed: {
    en: 'This work cannot go from {{from}} to {{to}}.',
    fr: 'Cette œuvre ne peut pas passer de {{from}} à {{to}}.',
  },
  MarketPreconditionsMissing: {
    en: 'Before this change the work still needs: {{missing}}.',
    fr: 'Avant ce changement, il manque encore à l’œuvre\u00a0: {{missing}}.',
  },
  MarketPartsSold: {
    en: 'Parts of this work are already sold or reserved: it cannot go back.',
    fr: 'Des parts de cette œuvre sont déjà vendues ou réservées\u00a0: elle ne peut pas revenir en arrière.',
  },
  MarketOpenListings: {
    en: 'Members still offer parts of this work: their listings must be withdrawn before the exit.',
    fr: 'Des membres proposent encore des parts de cette œuvre\u00a0: leurs annonces doivent être retirées avant la sortie.',
  },
  OpensAtOnlyForPrimary: {
    en: 'An opening time is only for the primary sale.',
    fr: 'Une heure d’ouverture ne concerne que la vente primaire.',
  },
  MissingCover: { en: 'a cover image', fr: 'une image de couverture' },
  MarketNothingSold: { en: 'no part sold or reserved', fr: 'aucune part vendue ni réservée' },
  MarketNoOpenListing: {
    en: 'no member’s listing still open',
    fr: 'aucune annonce de membre encore ouverte',
  },
  MissingDocuments: { en: 'the five documents in both languages', fr: 'les cinq documents dans les deux langues' },
  MissingValuation: { en: 'an appraisal', fr: 'une expertise' },
  MissingCertificateWording: {
    en: 'the certificate wording in both languages',
    fr: 'le texte du certificat dans les deux langues',
  },
  SaleNotOpenYet: {
    en: 'The sale of this work opens on {{opens_at}} (UTC).',
    fr: 'La vente de cette œuvre ouvre le {{opens_at}} (UTC).',
  },
  ExchangeRateSaved: { en: 'The exchange rate was saved.', fr: 'Le taux de change a été enregistré.' },
  RateUnavailable: {
    en: 'Price unavailable in USD: no EUR/USD rate is known yet.',
    fr: 'Prix indisponible en USD\u00a0: aucun taux EUR/USD n’est encore connu.',
  },
  // Content (issue 15): editorial pages, galleries and the footer's settings.
  ContentPageSaved: { en: 'The page was saved.', fr: 'La page a été enregistrée.' },
  ContentBodyEmpty: { en: 'A page needs at least one block.', fr: 'Une page a besoin d’au moins un bloc.' },
  ContentTooManyBlocks: { en: 'A page has at most 300 blocks.', fr: 'Une page a au plus 300 blocs.' },
  ContentTooManyItems: { en: 'A list has at most 100 items.', fr: 'Une liste a au plus 100 éléments.' },
  ContentListEmpty: { en: 'A list needs at least one item.', fr: 'Une liste a besoin d’au moins un élément.' },
  ContentBlockInvalid: {
    en: 'A block is a heading, a paragraph, a list, a question, a person or a link.',
    fr: 'Un bloc est un titre, un paragraphe, une liste, une question, une personne ou un lien.',
  },
  ContentLinkInvalid: {
    en: 'A link is a page of the site (/about), an https:// address or a mailto: address.',
    fr: 'Un lien est une page du site (/about), une adresse https:// ou une adresse mailto:.',
  },
  SocialLinkInvalid: {
    en: 'Please enter an https:// address, or leave it empty.',
    fr: 'Veuillez saisir une adresse https://, ou laisser vide.',
  },
  GalleryCreated: { en: 'The picture was added to the gallery.', fr: 'L’image a été ajoutée à la galerie.' },
  GalleryUpdated: { en: 'The picture’s titles were saved.', fr: 'Les titres de l’image ont été enregistrés.' },
  GalleryImageUpdated: { en: 'The picture was replaced.', fr: 'L’image a été remplacée.' },
  GalleryDeleted: { en: 'The picture was removed from the gallery.', fr: 'L’image a été retirée de la galerie.' },
  GalleriesReordered: { en: 'The gallery’s order was saved.', fr: 'L’ordre de la galerie a été enregistré.' },
  GalleryNotFound: { en: 'Gallery picture not found.', fr: 'Image de galerie introuvable.' },
  GalleriesFull: {
    en: 'The gallery has at most 200 pictures: remove one first.',
    fr: 'La galerie a au plus 200 images\u00a0: retirez-en une d’abord.',
  },
  GalleryOrderMismatch: {
    en: 'The order must name every picture of the gallery once.',
    fr: 'L’ordre doit nommer chaque image de la galerie une fois.',
  },
  SiteSettingsSaved: { en: 'The footer settings were saved.', fr: 'Les réglages du pied de page ont été enregistrés.' },
  FooterDocumentSaved: { en: 'The footer document was saved.', fr: 'Le document du pied de page a été enregistré.' },
  // Exit offers and votes (issue 17).
  ExitBuyerRequired: { en: 'Please enter the buyer’s name.', fr: 'Veuillez saisir le nom de l’acheteur.' },
  ExitAmountInvalid: {
    en: 'Please enter a whole, positive amount in cents.',
    fr: 'Veuillez saisir un montant entier et positif en centimes.',
  },
  ExitTermsInvalid: {
    en: 'Quorum and majority are shares between 1 and 10,000 basis points.',
    fr: 'Le quorum et la majorité sont des parts entre 1 et 10\u00a0000 points de base.',
  },
  ExitWindowInvalid: {
    en: 'The vote must close after it opens, and in the future.',
    fr: 'Le vote doit se clore après son ouverture, et dans le futur.',
  },
  ExitChoiceInvalid: {
    en: 'Choose to accept or reject the offer.',
    fr: 'Choisissez d’accepter ou de refuser l’offre.',
  },
  ExitOfferNotFound: { en: 'This exit offer does not exist.', fr: 'Cette offre de sortie n’existe pas.' },
  ExitWorkNotOnMarket: {
    en: 'An exit offer can only be recorded for a work whose parts are all sold, on the secondary market.',
    fr: 'Une offre de sortie ne peut être enregistrée que pour une œuvre dont toutes les parts sont vendues, sur le marché secondaire.',
  },
  ExitOfferInProgress: {
    en: 'This work already has an exit offer being voted on.',
    fr: 'Cette œuvre a déjà une offre de sortie en cours de vote.',
  },
  ExitFeeExceedsOffer: {
    en: 'The work’s exit fee is larger than this offer.',
    fr: 'Les frais de sortie de l’œuvre dépassent cette offre.',
  },
  ExitOfferRecorded: { en: 'Exit offer recorded', fr: 'Offre de sortie enregistrée' },
  ExitAlreadyOpen: { en: 'The vote on this offer is already open.', fr: 'Le vote sur cette offre est déjà ouvert.' },
  ExitVoteOpened: { en: 'The vote is open', fr: 'Le vote est ouvert' },
  ExitVoteNotOpenYet: {
    en: 'The vote cannot open before its window starts.',
    fr: 'Le vote ne peut pas s’ouvrir avant le début de sa période.',
  },
  ExitNoHolders: { en: 'Nobody holds parts of this work.', fr: 'Personne ne détient de parts de cette œuvre.' },
  ExitVoteClosed: { en: 'This vote is not open.', fr: 'Ce vote n’est pas ouvert.' },
  ExitNotEligible: {
    en: 'You did not hold parts of this work when the vote opened.',
    fr: 'Vous ne déteniez pas de parts de cette œuvre à l’ouverture du vote.',
  },
  ExitVoteCast: { en: 'Your vote is recorded', fr: 'Votre vote est enregistré' },
  ExitVoteStillOpen: {
    en: 'The vote is still open: it can be resolved once its window has closed.',
    fr: 'Le vote est encore ouvert\u00a0: il pourra être clos une fois sa période terminée.',
  },
  ExitAlreadyResolved: { en: 'This exit offer is already resolved.', fr: 'Cette offre de sortie est déjà close.' },
  ExitPendingPurchases: {
    en: 'A purchase of parts of this work is still pending: resolve again once it has settled or expired.',
    fr: 'Un achat de parts de cette œuvre est en attente\u00a0: réessayez une fois réglé ou expiré.',
  },
  ExitAccepted: {
    en: 'The offer is accepted: the work is sold and holders are paid',
    fr: 'L’offre est acceptée\u00a0: l’œuvre est vendue et les détenteurs sont payés',
  },
  ExitRejected: { en: 'The offer is rejected: nothing is sold', fr: 'L’offre est refusée\u00a0: rien n’est vendu' },
  // Exits need two operators and the buyer's money (issue 26).
  ExitTermsBelowFloor: {
    en: 'Quorum and majority may not be set below the platform’s floors.',
    fr: 'Le quorum et la majorité ne peuvent pas être fixés sous les minimums de la plateforme.',
  },
  ExitWindowTooShort: {
    en: 'The vote window is shorter than the platform’s minimum.',
    fr: 'La période de vote est plus courte que le minimum de la plateforme.',
  },
  ExitApprovalRequired: {
    en: 'A second operator must approve this offer before the sale can be settled.',
    fr: 'Un second opérateur doit approuver cette offre avant que la vente puisse être réglée.',
  },
  ExitAlreadyApproved: { en: 'This offer is already approved.', fr: 'Cette offre est déjà approuvée.' },
  ExitAppraisalFlagNotAcknowledged: {
    en: 'This offer is far from the work’s latest appraisal: the approval must acknowledge it.',
    fr: 'Cette offre s’écarte de la dernière estimation de l’œuvre\u00a0: l’approbation doit le reconnaître.',
  },
  ExitFundsNotReceived: {
    en: 'The buyer’s funds recorded as received do not cover the offer.',
    fr: 'Les fonds de l’acheteur enregistrés comme reçus ne couvrent pas l’offre.',
  },
  ExitFundsInvalid: {
    en: 'Enter the amount received, in cents, and the bank’s reference of the payment.',
    fr: 'Saisissez le montant reçu, en centimes, et la référence bancaire du paiement.',
  },
  TranslationMissing: {
    en: 'Members read this text in their own language: enter it in English and in French.',
    fr: 'Les membres lisent ce texte dans leur langue\u00a0: saisissez-le en anglais et en français.',
  },
  FxSettlementUnbalanced: {
    en: 'A settlement sells one currency and buys the other: enter both amounts, in cents.',
    fr: 'Un règlement vend une devise et achète l’autre\u00a0: saisissez les deux montants, en centimes.',
  },
  FxSettlementOvershoot: {
    en: 'This settlement is larger than the open position in that currency.',
    fr: 'Ce règlement dépasse la position ouverte dans cette devise.',
  },
  FxSettlementCloseNotWhole: {
    en: 'To close the position, sell all that Parcelle holds in that currency.',
    fr: 'Pour solder la position, vendez tout ce que Parcelle détient dans cette devise.',
  },
  FxSettlementResultTooLarge: {
    en: 'The amount bought differs from what is owed by more than 5%: check the bank’s advice.',
    fr: 'Le montant acheté s’écarte de plus de 5\u00a0% de ce qui est dû\u00a0: vérifiez l’avis de la banque.',
  },
  FxSettlementDuplicate: {
    en: 'A settlement with this bank reference is already recorded.',
    fr: 'Un règlement portant cette référence bancaire est déjà enregistré.',
  },
  FxSettlementInvalid: {
    en: 'Enter the bank’s reference of the exchange and its value date (not in the future).',
    fr: 'Saisissez la référence bancaire du change et sa date de valeur (pas dans le futur).',
  },
  FxSettlementRecorded: { en: 'The settlement is recorded', fr: 'Le règlement est enregistré' },
  ExitFundsRecorded: { en: 'The funds received are recorded', fr: 'Les fonds reçus sont enregistrés' },
  ExitApproved: { en: 'The offer is approved', fr: 'L’offre est approuvée' },
  OperatorSessionExpired: {
    en: 'Your operator session has ended (12 hours at most, or 30 minutes without use): please sign in again.',
    fr: 'Votre session d’opérateur a pris fin (12\u00a0heures au plus, ou 30\u00a0minutes sans activité)\u00a0: veuillez vous reconnecter.',
  },
  OperatorHasInterest: {
    en: 'You benefit from this (your own money or parts you hold): another operator must do it.',
    fr: 'Vous en êtes bénéficiaire (votre propre argent ou des parts que vous détenez)\u00a0: un autre opérateur doit le faire.',
  },
  // Staying informed: notifications, watchlist and price alerts (issue 17).
  InvalidNotificationKind: { en: 'Unknown notification kind.', fr: 'Type de notification inconnu.' },
  NotificationNotFound: { en: 'This notification does not exist.', fr: 'Cette notification n’existe pas.' },
  NotificationsRead: { en: 'Marked as read', fr: 'Marquée comme lue' },
  NotificationPreferencesSaved: { en: 'Your preferences are saved', fr: 'Vos préférences sont enregistrées' },
  WorkWatched: { en: 'Added to your watchlist', fr: 'Ajoutée à vos œuvres suivies' },
  WorkUnwatched: { en: 'Removed from your watchlist', fr: 'Retirée de vos œuvres suivies' },
  PriceAlertSaved: { en: 'Your price alert is saved', fr: 'Votre alerte de prix est enregistrée' },
  PriceAlertRemoved: { en: 'Your price alert is removed', fr: 'Votre alerte de prix est supprimée' },
  InvalidAlertDirection: { en: 'Choose above or below.', fr: 'Choisissez au-dessus ou en dessous.' },
  InvalidAlertThreshold: {
    en: 'Please enter a positive amount.',
    fr: 'Veuillez saisir un montant positif.',
  },
  PriceAlertAlreadyReached: {
    en: 'The value of a part is already on that side of this amount: choose an amount it has yet to cross.',
    fr: 'La valeur d’une part est déjà de ce côté de ce montant\u00a0: choisissez un montant qu’elle n’a pas encore franchi.',
  },
  PriceAlertNotFound: { en: 'There is no price alert on this work.', fr: 'Aucune alerte de prix sur cette œuvre.' },
  // Key information documents (issue 30): the purchase gate's refusals name the step and the work's document page.
  KeyInformationRequired: {
    en: 'Read and acknowledge this work’s key information document first: it sets out the offer, its costs and its risks.',
    fr: 'Lisez d’abord le document d’informations clés de cette œuvre et confirmez-en la lecture : il présente l’offre, ses coûts et ses risques.',
  },
  KeyInformationUnpublished: {
    en: 'This work cannot be bought yet: its key information document has not been published.',
    fr: 'Cette œuvre ne peut pas encore être achetée : son document d’informations clés n’est pas encore publié.',
  },
  KeyInformationNotFound: {
    en: 'This work has no published key information document.',
    fr: 'Cette œuvre n’a pas de document d’informations clés publié.',
  },
  KeyInformationOutdated: {
    en: 'A newer version of this document has been published: read it, then confirm you have read it.',
    fr: 'Une version plus récente de ce document a été publiée : lisez-la, puis confirmez sa lecture.',
  },
  KeyInformationDraftChanged: {
    en: 'The work’s data changed since you previewed the draft: preview it again before publishing.',
    fr: 'Les données de l’œuvre ont changé depuis l’aperçu du projet : affichez-le de nouveau avant de publier.',
  },
  KeyInformationRegistrationRequired: {
    en: 'Enter the regulator’s registration number of this document: the regime in force requires one.',
    fr: 'Saisissez le numéro d’enregistrement de ce document auprès du régulateur : le régime applicable l’exige.',
  },
  KeyInformationRegistrationInvalid: {
    en: 'This registration number is not valid: 3 to 64 letters, digits, spaces, dots, slashes or dashes.',
    fr: 'Ce numéro d’enregistrement n’est pas valide : 3 à 64 lettres, chiffres, espaces, points, barres obliques ou tirets.',
  },
  KeyInformationAcknowledged: {
    en: 'Thank you: your reading of this document is recorded.',
    fr: 'Merci : la lecture de ce document est enregistrée.',
  },
  KeyInformationPublished: {
    en: 'The new version of the key information document is published.',
    fr: 'La nouvelle version du document d’informations clés est publiée.',
  },
  // Identity verification (issue 29). The gates' refusals name the step and the page that resolves it.
  VerificationRequired: {
    en: 'Verify your identity first: on your Verification page, give your details and documents (a few minutes).',
    fr: 'Vérifiez d’abord votre identité\u00a0: sur votre page Vérification, indiquez vos informations et vos pièces (quelques minutes).',
  },
  VerificationIncompleteGate: {
    en: 'Finish verifying your identity first: your Verification page shows what is missing.',
    fr: 'Terminez d’abord la vérification de votre identité\u00a0: votre page Vérification indique ce qui manque.',
  },
  VerificationPending: {
    en: 'Your identity is being checked: you can do this once it is approved. Your Verification page shows where it stands.',
    fr: 'Votre identité est en cours de vérification\u00a0: vous pourrez le faire une fois approuvée. Votre page Vérification indique où elle en est.',
  },
  VerificationResubmissionNeeded: {
    en: 'We need more from you to verify your identity: see your Verification page.',
    fr: 'Il nous faut davantage pour vérifier votre identité\u00a0: voyez votre page Vérification.',
  },
  VerificationRejected: {
    en: 'Your identity could not be verified, so this is not available. Your Verification page explains why.',
    fr: 'Votre identité n’a pas pu être vérifiée, cette action n’est donc pas possible. Votre page Vérification explique pourquoi.',
  },
  VerificationSuspended: {
    en: 'Your account is under review: buying, selling and withdrawing are paused. See your Verification page.',
    fr: 'Votre compte est en cours d’examen\u00a0: achats, ventes et retraits sont suspendus. Voyez votre page Vérification.',
  },
  VerificationFieldRequired: { en: 'This information is required.', fr: 'Cette information est obligatoire.' },
  VerificationFieldTooLong: { en: 'This is too long.', fr: 'C’est trop long.' },
  VerificationPepDetailsRequired: {
    en: 'Please say which public function is concerned.',
    fr: 'Veuillez préciser de quelle fonction publique il s’agit.',
  },
  VerificationDocumentKindInvalid: {
    en: 'Choose which document this is: front, back or proof of address.',
    fr: 'Indiquez de quel document il s’agit\u00a0: recto, verso ou justificatif de domicile.',
  },
  VerificationDocumentRequired: { en: 'Please choose a file.', fr: 'Veuillez choisir un fichier.' },
  VerificationDocumentTooLarge: {
    en: 'This file is too large (10 MB at most).',
    fr: 'Ce fichier est trop volumineux (10\u00a0Mo au plus).',
  },
  VerificationDocumentType: {
    en: 'Send a photo (JPEG or PNG) or a PDF.',
    fr: 'Envoyez une photo (JPEG ou PNG) ou un PDF.',
  },
  VerificationDocumentTooSmall: {
    en: 'This picture is too small to be read: send a sharper photo (at least 600 × 400 pixels).',
    fr: 'Cette image est trop petite pour être lue\u00a0: envoyez une photo plus nette (au moins 600\u00a0×\u00a0400\u00a0pixels).',
  },
  VerificationDocumentInvalid: {
    en: 'This file cannot be read. Please send another one.',
    fr: 'Ce fichier ne peut pas être lu. Veuillez en envoyer un autre.',
  },
  VerificationNotEditable: {
    en: 'Your verification has been sent: it can no longer be changed.',
    fr: 'Votre vérification a été envoyée\u00a0: elle ne peut plus être modifiée.',
  },
  VerificationIncomplete: {
    en: 'Something is still missing before you can send your verification.',
    fr: 'Il manque encore quelque chose avant de pouvoir envoyer votre vérification.',
  },
  VerificationReasonInvalid: { en: 'Choose a reason.', fr: 'Choisissez un motif.' },
  VerificationDocumentKindsRequired: {
    en: 'Choose at least one document to send again.',
    fr: 'Choisissez au moins un document à renvoyer.',
  },
  VerificationDocumentKindNotUsed: {
    en: 'This case does not use that document: a passport has no back.',
    fr: 'Ce dossier n’utilise pas ce document : un passeport n’a pas de verso.',
  },
  VerificationMessageRequired: {
    en: 'Write a message to the member.',
    fr: 'Écrivez un message au membre.',
  },
  VerificationTransitionRefused: {
    en: 'This case is not in a state that allows this decision.',
    fr: 'Ce dossier n’est pas dans un état qui permet cette décision.',
  },
  VerificationSecondApproverRequired: {
    en: 'A high-risk case needs the approval of a second, different compliance operator.',
    fr: 'Un dossier à risque élevé doit être approuvé par un second opérateur conformité, différent du premier.',
  },
  VerificationProviderNotUsed: {
    en: 'Identity is verified by our team here: there is no provider session to open.',
    fr: 'L’identité est vérifiée ici par notre équipe\u00a0: il n’y a pas de session de prestataire à ouvrir.',
  },
  VerificationProviderNotAwaiting: {
    en: 'Send your verification first: the identity check opens once it is being reviewed.',
    fr: 'Envoyez d’abord votre vérification\u00a0: le contrôle d’identité s’ouvre une fois qu’elle est en cours d’examen.',
  },
  VerificationProviderUnavailable: {
    en: 'The identity check cannot be opened right now. Please try again in a few minutes.',
    fr: 'Le contrôle d’identité ne peut pas être ouvert pour le moment. Veuillez réessayer dans quelques minutes.',
  },
  VerificationOwnCase: {
    en: 'You cannot decide on your own verification.',
    fr: 'Vous ne pouvez pas décider de votre propre vérification.',
  },
  ComplianceRoleRequired: {
    en: 'Only compliance operators may do this.',
    fr: 'Seuls les opérateurs conformité peuvent faire cela.',
  },
  SanctionsListMissing: {
    en: 'Verifications are paused for a moment: please try again later.',
    fr: 'Les vérifications sont suspendues un instant\u00a0: veuillez réessayer plus tard.',
  },
  VerificationSaved: { en: 'Your information is saved.', fr: 'Vos informations sont enregistrées.' },
  VerificationDocumentSaved: { en: 'Your document is saved.', fr: 'Votre document est enregistré.' },
  VerificationSubmitted: {
    en: 'Thank you: your verification is sent. We will tell you of the decision by email.',
    fr: 'Merci\u00a0: votre vérification est envoyée. Nous vous informerons de la décision par e-mail.',
  },
  VerificationApprovedDone: { en: 'The verification is approved.', fr: 'La vérification est approuvée.' },
  VerificationFirstApprovalDone: {
    en: 'First approval recorded: a second compliance operator must now approve.',
    fr: 'Première approbation enregistrée\u00a0: un second opérateur conformité doit maintenant approuver.',
  },
  VerificationRejectedDone: { en: 'The verification is rejected.', fr: 'La vérification est refusée.' },
  VerificationResubmissionDone: {
    en: 'The member is asked to send more.',
    fr: 'Le membre est invité à compléter son dossier.',
  },
  VerificationSuspendedDone: { en: 'The account is suspended.', fr: 'Le compte est suspendu.' },
  VerificationClosedDone: { en: 'The relationship is closed.', fr: 'La relation est close.' },
  SanctionsHitReasonRequired: {
    en: 'Write the reason for this decision.',
    fr: 'Écrivez le motif de cette décision.',
  },
  SanctionsHitAlreadyDecided: {
    en: 'This match already has this decision.',
    fr: 'Cette correspondance a déjà reçu cette décision.',
  },
  VerificationSanctionsHitOpen: {
    en: 'Decide every possible sanctions list match of this case before approving it.',
    fr: 'Statuez sur chaque correspondance possible avec une liste de sanctions avant d’approuver ce dossier.',
  },
  VerificationSanctionsConfirmed: {
    en: 'This member is on a sanctions list (match confirmed): the case cannot be approved.',
    fr: 'Ce membre figure sur une liste de sanctions (correspondance confirmée)\u00a0: le dossier ne peut pas être approuvé.',
  },
  SanctionsHitDismissedDone: {
    en: 'The match is dismissed (a namesake).',
    fr: 'La correspondance est écartée (un homonyme).',
  },
  SanctionsHitConfirmedDone: {
    en: 'The match is confirmed: the account is frozen.',
    fr: 'La correspondance est confirmée\u00a0: le compte est gelé.',
  },
  // Complaints (issue 30)
  ComplaintCategoryRequired: {
    en: 'Choose what your complaint is about',
    fr: 'Choisissez l’objet de votre réclamation',
  },
  ComplaintSubjectRequired: { en: 'Give your complaint a subject', fr: 'Donnez un objet à votre réclamation' },
  ComplaintSubjectTooLong: { en: 'At most 200 characters', fr: '200 caractères au plus' },
  ComplaintBodyRequired: { en: 'Tell us what happened', fr: 'Dites-nous ce qui s’est passé' },
  ComplaintBodyTooLong: { en: 'At most 5,000 characters', fr: '5\u00a0000 caractères au plus' },
  ComplaintMessageRequired: {
    en: 'Write the message the complainant will receive',
    fr: 'Rédigez le message que recevra l’auteur de la réclamation',
  },
  ComplaintNoteRequired: { en: 'Write the note', fr: 'Rédigez la note' },
  ComplaintOutcomeRequired: { en: 'Choose the outcome', fr: 'Choisissez l’issue' },
  ComplaintWrongState: {
    en: 'This complaint has moved on: reload it to see where it stands.',
    fr: 'Cette réclamation a évolué\u00a0: rechargez-la pour voir où elle en est.',
  },
  ComplaintReceived: {
    en: 'Your complaint is registered: we have sent you an acknowledgement by email.',
    fr: 'Votre réclamation est enregistrée\u00a0: nous vous avons envoyé un accusé de réception par e-mail.',
  },
  ComplaintAcknowledgedDone: {
    en: 'Acknowledged: the complainant is told.',
    fr: 'Prise en charge\u00a0: l’auteur est prévenu.',
  },
  ComplaintEscalatedDone: { en: 'Escalated.', fr: 'Transmise au responsable.' },
  ComplaintAnsweredDone: { en: 'Answer sent.', fr: 'Réponse envoyée.' },
  ComplaintClosedDone: { en: 'Complaint closed.', fr: 'Réclamation clôturée.' },
  ComplaintNoteAddedDone: { en: 'Note added.', fr: 'Note ajoutée.' },
  // The investor's protections (issue 30). Each gate names the step and the page that resolves it.
  InvestorKnowledgeTestRequired: {
    en: 'Before investing, answer the short knowledge test on your Investor profile page (a few minutes).',
    fr: 'Avant d’investir, répondez au court test de connaissances sur votre page Profil investisseur (quelques minutes).',
  },
  InvestorKnowledgeTestExpired: {
    en: 'Your knowledge test is more than two years old: take it again on your Investor profile page.',
    fr: 'Votre test de connaissances date de plus de deux ans\u00a0: repassez-le sur votre page Profil investisseur.',
  },
  InvestorRiskWarningRequired: {
    en: 'Read and acknowledge the risk warning on your Investor profile page before investing.',
    fr: 'Lisez et reconnaissez l’avertissement sur les risques sur votre page Profil investisseur avant d’investir.',
  },
  InvestorLossSimulationRequired: {
    en: 'Before investing, simulate your capacity to bear loss on your Investor profile page.',
    fr: 'Avant d’investir, simulez votre capacité à supporter des pertes sur votre page Profil investisseur.',
  },
  InvestorLossSimulationExpired: {
    en: 'Your loss simulation is more than two years old: update it on your Investor profile page.',
    fr: 'Votre simulation de pertes date de plus de deux ans\u00a0: mettez-la à jour sur votre page Profil investisseur.',
  },
  InvestmentWarningRequired: {
    en: 'This investment is above €1,000 or 5% of your declared net worth: read the warning and confirm you understand the risks.',
    fr: 'Cet investissement dépasse 1 000 € ou 5\u00a0% de votre patrimoine net déclaré\u00a0: lisez l’avertissement et confirmez comprendre les risques.',
  },
  WarningOutdated: {
    en: 'This warning has changed: please read the current text and confirm again.',
    fr: 'Cet avertissement a changé\u00a0: veuillez lire le texte actuel et confirmer à nouveau.',
  },
  WarningNotApplicable: {
    en: 'There is no warning to acknowledge here.',
    fr: 'Il n’y a pas d’avertissement à reconnaître ici.',
  },
  KnowledgeTestOutdated: {
    en: 'The questionnaire has changed: please reload the page and answer again.',
    fr: 'Le questionnaire a changé\u00a0: veuillez recharger la page et répondre à nouveau.',
  },
  KnowledgeTestIncomplete: { en: 'Please answer every question.', fr: 'Veuillez répondre à chaque question.' },
  KnowledgeTestPassed: { en: 'Test passed', fr: 'Test réussi' },
  KnowledgeTestFailed: {
    en: 'Your answers are recorded: read the risk warning before investing.',
    fr: 'Vos réponses sont enregistrées\u00a0: lisez l’avertissement sur les risques avant d’investir.',
  },
  InvestorAmountInvalid: {
    en: 'Please enter a positive amount.',
    fr: 'Veuillez saisir un montant positif.',
  },
  LossSimulationSaved: { en: 'Your simulation is saved', fr: 'Votre simulation est enregistrée' },
  WarningAcknowledged: { en: 'Acknowledged', fr: 'Pris en compte' },
  SophisticationCriteriaMissing: {
    en: 'Choose at least two of the criteria that apply to you.',
    fr: 'Choisissez au moins deux des critères qui vous concernent.',
  },
  SophisticationStatementRequired: {
    en: 'Explain in a few sentences how you meet these criteria (at least 20 characters).',
    fr: 'Expliquez en quelques phrases comment vous remplissez ces critères (au moins 20 caractères).',
  },
  SophisticationAcceptanceRequired: {
    en: 'Please confirm the declaration.',
    fr: 'Veuillez confirmer la déclaration.',
  },
  SophisticationRequested: {
    en: 'Your request is sent: our compliance team will answer it.',
    fr: 'Votre demande est envoyée\u00a0: notre équipe conformité y répondra.',
  },
  SophisticationAlreadyPending: {
    en: 'A request is already being reviewed.',
    fr: 'Une demande est déjà en cours d’examen.',
  },
  SophisticationUnavailable: {
    en: 'Requests to be treated as a sophisticated investor are not open.',
    fr: 'Les demandes de traitement en investisseur averti ne sont pas ouvertes.',
  },
  SophisticationRequestNotFound: { en: 'This request does not exist.', fr: 'Cette demande n’existe pas.' },
  SophisticationAlreadyDecided: {
    en: 'This request has already been decided.',
    fr: 'Cette demande a déjà été tranchée.',
  },
  SophisticationReasonRequired: {
    en: 'Say why the request is rejected.',
    fr: 'Indiquez pourquoi la demande est rejetée.',
  },
  SophisticationDecided: { en: 'Decision recorded', fr: 'Décision enregistrée' },
  SophisticationDocumentSaved: { en: 'Your document is attached.', fr: 'Votre document est joint.' },
  SophisticationDocumentsFull: {
    en: 'This request already has 10 documents: no more can be attached.',
    fr: 'Cette demande a déjà 10 documents : aucun autre ne peut être joint.',
  },
  // Deposits by bank transfer (issue 31).
  DepositsDisabled: {
    en: 'Deposits by bank transfer are not available at the moment.',
    fr: 'Les dépôts par virement ne sont pas disponibles pour le moment.',
  },
  BankStatementInvalid: {
    en: 'This file is not a bank statement in the ISO 20022 camt.053 format.',
    fr: 'Ce fichier n’est pas un relevé bancaire au format ISO 20022 camt.053.',
  },
  BankStatementTooLarge: {
    en: 'This statement file is too large (5 MB at most).',
    fr: 'Ce fichier de relevé est trop volumineux (5\u00a0Mo au plus).',
  },
  BankStatementWrongAccount: {
    en: 'This statement is not for Parcelle’s deposit account.',
    fr: 'Ce relevé ne concerne pas le compte de dépôt de Parcelle.',
  },
  BankStatementImported: { en: 'The statement is imported', fr: 'Le relevé est importé' },
  BankTransferNotFound: { en: 'This transfer does not exist.', fr: 'Ce virement n’existe pas.' },
  BankTransferNotQueued: {
    en: 'This transfer is no longer waiting in the queue.',
    fr: 'Ce virement n’est plus en attente dans la file.',
  },
  BankTransferNotEuro: {
    en: 'Only a transfer in euros can be credited: return this one.',
    fr: 'Seul un virement en euros peut être crédité\u00a0: renvoyez celui-ci.',
  },
  DepositMemberNotFound: {
    en: 'No member has this email address.',
    fr: 'Aucun membre n’a cette adresse e-mail.',
  },
  DepositMemberNotVerified: {
    en: 'This member’s identity is not verified: the transfer stays in the queue until it is.',
    fr: 'L’identité de ce membre n’est pas vérifiée\u00a0: le virement reste dans la file jusqu’à ce qu’elle le soit.',
  },
  BankTransferAssigned: { en: 'The transfer is credited to the member', fr: 'Le virement est crédité au membre' },
  BankTransferReturning: { en: 'The transfer is marked for return', fr: 'Le virement est marqué à renvoyer' },
  // Top-ups of the wallet by card or PayPal (issue 31).
  TopUpAmountInvalid: {
    en: 'Enter an amount in euros, with at most 2 decimals.',
    fr: 'Saisissez un montant en euros, avec 2 décimales au plus.',
  },
  TopUpBelowMinimum: {
    en: 'This amount is below the smallest top-up.',
    fr: 'Ce montant est inférieur au plus petit rechargement.',
  },
  TopUpAboveMaximum: {
    en: 'This amount is above the largest top-up.',
    fr: 'Ce montant dépasse le plus grand rechargement.',
  },
  TopUpDailyLimit: {
    en: 'This top-up would exceed what can be added in 24 hours.',
    fr: 'Ce rechargement dépasserait ce qui peut être ajouté en 24\u00a0heures.',
  },
  TopUpNotFound: { en: 'This top-up does not exist.', fr: 'Ce rechargement n’existe pas.' },
  IdempotencyKeyRequired: {
    en: 'This request needs an Idempotency-Key header.',
    fr: 'Cette requête demande un en-tête Idempotency-Key.',
  },
  TopUpStarted: { en: 'The top-up is ready to be paid', fr: 'Le rechargement est prêt à être payé' },
  TopUpCredited: {
    en: 'The money is in your wallet.',
    fr: 'L’argent est dans votre porte-monnaie.',
  },
  TopUpCancelled: {
    en: 'The top-up is cancelled: nothing was taken.',
    fr: 'Le rechargement est annulé\u00a0: rien n’a été prélevé.',
  },
} as const satisfies Record<string, { en: string; fr: string }>;

export type MessageKey = keyof typeof messages;
export type Localized = { en: string; fr: string };
export type Language = 'en' | 'fr';

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(messages, value);
}

export function message(key: MessageKey): Localized {
  return messages[key];
}

/**
 * A catalogue message with its `{{name}}` placeholders filled in both languages (the web's i18next reads the same
 * placeholders). Values are formatted by the caller, per language when they differ.
 */
export function fillMessage(
  key: MessageKey,
  values: Record<string, string | number | { en: string; fr: string }>,
): Localized {
  const fill = (text: string, language: Language) =>
    text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
      const value = values[name];
      if (value === undefined) return whole;
      return typeof value === 'object' ? value[language] : String(value);
    });
  return { en: fill(messages[key].en, 'en'), fr: fill(messages[key].fr, 'fr') };
}
