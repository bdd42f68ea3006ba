/**
 * The words customers use for what a small business's knowledge base says in its own words
 * (db/knowledge/search-knowledge.ts, ADR 0037): "how much" and "cost" for a Pricing entry,
 * "hrs" for hours, and the same questions in Spanish and German, whose answers are usually written
 * in English. Each concept lists `index` words (how an entry says it, English; stemmed by the
 * search) and `ask` words (how a question says it: English paraphrases and abbreviations, Spanish,
 * German; lower case without accents, as `normalise` leaves a question). A question word of a
 * concept searches for the word itself and for the concept's index words.
 *
 * Written from the vocabulary of customer messages to shops, cafés, studios, coaches and online
 * sellers, not from any one knowledge base; a word belongs here when it means the same thing in
 * every business (a domain's own nouns are left to the knowledge base's text).
 *
 * Each list is one string of comma-separated words and phrases (`phrases`), so the lexicon reads as a
 * table and stays a short file.
 */
export interface Concept {
  id: string;
  index: string[];
  ask: string[];
}

/** "a, b, how much" → ['a', 'b', 'how much']. */
function phrases(list: string): string[] {
  return list
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

export const concepts: Concept[] = [
  {
    id: 'price',
    index: phrases('price, cost, fee, charge'),
    ask: phrases(
      'prices, pricing, priced, costs, costing, fees, charges, charged, how much, rate, rates, expensive, cheap, afford, quote, precio, precios, cuesta, cuestan, cuanto, cuanta, cuantos, costo, coste, tarifa, tarifas, vale, valen, preis, preise, kostet, kosten, wie viel, wieviel, gebuhr, gebuhren, teuer, gunstig',
    ),
  },
  {
    id: 'hours',
    index: phrases('hours, open, close'),
    ask: phrases(
      'hour, hrs, opening, opens, closing, closes, closed, what time, schedule, horario, horarios, abren, abre, abierto, abiertos, cierran, cierra, cerrado, que hora, hora, offnungszeiten, offnungszeit, geoffnet, offen, offnet, offnen, schliesst, schliessen, geschlossen, uhr',
    ),
  },
  {
    id: 'shipping',
    index: phrases('ship, shipping, mail'),
    ask: phrases(
      'ships, shipped, sent, postage, dispatch, courier, nationwide, worldwide, internationally, envio, envios, enviar, envian, envias, mandar, mandan, correo postal, versand, versenden, versendet, verschicken, verschickt, schicken, paket, porto',
    ),
  },
  {
    id: 'delivery',
    index: phrases('deliver, delivery'),
    ask: phrases(
      'delivers, delivered, deliveries, drop off, entrega, entregas, entregan, domicilio, reparto, liefern, liefert, lieferung, lieferservice, zustellung, bringen',
    ),
  },
  {
    id: 'returns',
    index: phrases('return, refund, replace'),
    ask: phrases(
      'returns, returning, refunds, refunded, money back, exchange, damaged, broken, faulty, devolver, devolucion, devoluciones, reembolso, reembolsar, cambio, roto, danado, ruckgabe, zuruckgeben, zurucksenden, erstattung, ruckerstattung, erstatten, umtausch, umtauschen, geld zuruck, kaputt, beschadigt',
    ),
  },
  {
    id: 'payment',
    index: phrases('pay, payment'),
    ask: phrases(
      'card, cash, paying, payments, cards, credit, debit, paypal, venmo, cheque, contactless, pagar, pago, pagos, tarjeta, tarjetas, efectivo, credito, debito, zahlen, bezahlen, zahlung, karte, kreditkarte, ec karte, bargeld, barzahlung',
    ),
  },
  {
    id: 'accept',
    index: phrases('accept, take'),
    ask: phrases('accepted, aceptan, acepta, aceptais, admiten, akzeptiert, akzeptieren, akzeptiert ihr, nehmt'),
  },
  {
    id: 'location',
    index: phrases('located, location, address, street'),
    ask: phrases(
      'where, locations, directions, find you, near, nearby, donde, direccion, ubicados, ubicado, ubicacion, como llego, wo, adresse, standort, anfahrt, finde ich',
    ),
  },
  {
    id: 'parking',
    index: phrases('parking, park'),
    ask: phrases('car, aparcamiento, aparcar, estacionamiento, estacionar, parken, parkplatz, parkplatze, auto'),
  },
  {
    id: 'accessible',
    index: phrases('wheelchair, accessible'),
    ask: phrases('accessibility, disabled, disability, stroller, pram, ramp, step free, silla de ruedas, accesible, rollstuhl, barrierefrei'),
  },
  {
    id: 'booking',
    index: phrases('book, booking, reserve, reservation, appointment'),
    ask: phrases(
      'books, bookings, reservations, appointments, sign up, signup, register, enroll, enrol, spot, slot, reservar, reserva, reservas, cita, citas, apuntarme, inscribirme, inscripcion, buchen, buchung, reservieren, reservierung, termin, termine, anmelden, anmeldung',
    ),
  },
  {
    id: 'cancel',
    index: phrases('cancel, change'),
    ask: phrases(
      'cancels, cancelled, canceled, cancellation, cancelling, reschedule, modify, postpone, cancelar, cancelacion, anular, cambiar, modificar, stornieren, storno, stornierung, absagen, andern, umbuchen, verschieben',
    ),
  },
  {
    id: 'discount',
    index: phrases('discount, off'),
    ask: phrases(
      'discounts, coupon, coupons, promo, promotion, code, sale, deal, deals, cheaper, descuento, descuentos, cupon, oferta, ofertas, promocion, rebaja, rebajas, rabatt, rabatte, ermassigung, aktion, angebot, sonderangebot',
    ),
  },
  {
    id: 'gift',
    index: phrases('gift, voucher'),
    ask: phrases(
      'gift card, giftcard, gift cards, vouchers, gift certificate, tarjeta regalo, tarjeta de regalo, regalo, regalar, cheque regalo, gutschein, gutscheine, geschenkgutschein, geschenk, verschenken',
    ),
  },
  {
    id: 'contact',
    index: phrases('phone, call, email, contact'),
    ask: phrases(
      'telephone, e mail, reach, whatsapp, telefono, llamar, correo, contacto, contactar, numero, telefon, anrufen, nummer, kontakt, erreichen, erreichbar',
    ),
  },
  {
    id: 'class',
    index: phrases('class, course, workshop, lesson'),
    ask: phrases(
      'classes, courses, workshops, lessons, teach, teaching, learn, learning, training, tutorial, clase, clases, curso, cursos, taller, talleres, aprender, leccion, lecciones, ensenan, kurs, kurse, unterricht, lernen, lektion, seminar, schulung',
    ),
  },
  {
    id: 'children',
    index: phrases('kid, child, children'),
    ask: phrases(
      'kids, son, daughter, toddler, toddlers, family, families, teen, teens, nino, ninos, nina, ninas, hijo, hija, hijos, infantil, kinder, sohn, tochter, familie',
    ),
  },
  { id: 'birthday', index: phrases('birthday'), ask: phrases('birthdays, bday, cumpleanos, cumple, geburtstag, geburtstage') },
  {
    id: 'wedding',
    index: phrases('wedding'),
    ask: phrases('weddings, marry, married, marriage, bride, groom, engaged, boda, bodas, casamos, casarnos, novios, hochzeit, heiraten, braut'),
  },
  {
    id: 'party',
    index: phrases('party, event'),
    ask: phrases('parties, events, celebration, celebrate, fiesta, fiestas, evento, eventos, celebracion, feier, party, veranstaltung, feiern'),
  },
  {
    id: 'catering',
    index: phrases('catering, cater'),
    ask: phrases('caterer, office, meeting, meetings, corporate, team breakfast, lunch for, empresa, oficina, reunion, firma, buro, besprechung, firmenfeier'),
  },
  {
    id: 'wholesale',
    index: phrases('wholesale, supply'),
    ask: phrases(
      'supplier, supplies, bulk, reseller, resell, stockist, b2b, restaurant, restaurants, cafe, cafes, shop owner, mayorista, al por mayor, proveedor, suministrar, grosshandel, wiederverkaufer, gastronomie, liefern an, beliefern',
    ),
  },
  {
    id: 'order',
    index: phrases('order, online, pickup'),
    ask: phrases(
      'orders, ordering, ordered, buy, purchase, sell, sells, selling, venden, vendeis, verkauft, verkaufen, website, pick up, collect, collection, click and collect, pedido, pedidos, pedir, comprar, encargar, encargo, recoger, bestellen, bestellung, bestellungen, kaufen, abholen, abholung',
    ),
  },
  {
    id: 'advance',
    index: phrases('advance, ahead, days, weeks'),
    ask: phrases(
      'how early, how far in advance, notice, lead time, last minute, rush, antelacion, anticipacion, con tiempo, im voraus, vorher, vorlauf, fruhzeitig',
    ),
  },
  {
    id: 'duration',
    index: phrases('hours, minutes, weeks, long'),
    ask: phrases('how long, duration, last, lasts, length, cuanto tiempo, cuanto dura, dura, duracion, wie lange, dauer, dauert'),
  },
  {
    id: 'size',
    index: phrases('size, serves, people'),
    ask: phrases(
      'sizes, big, large, small, serve, servings, portions, feed, feeds, guests, tamano, tamanos, personas, porciones, raciones, grosse, grossen, personen, portionen, gaste',
    ),
  },
  {
    id: 'reviews',
    index: phrases('testimonial, review'),
    ask: phrases(
      'reviews, testimonials, rating, ratings, feedback, customers say, people say, recommend, recommendations, resenas, resena, opiniones, opinion, testimonios, valoraciones, bewertung, bewertungen, erfahrungen, meinungen, rezension',
    ),
  },
  {
    id: 'about',
    index: phrases('founded, owner, team, story'),
    ask: phrases(
      'owns, owners, founder, founders, started, who runs, who is behind, history, about you, dueno, duena, propietario, fundador, fundadora, historia, equipo, besitzer, inhaber, inhaberin, grunder, grunderin, geschichte',
    ),
  },
  {
    id: 'jobs',
    index: phrases('hiring, job, jobs'),
    ask: phrases(
      'hire, career, careers, vacancy, vacancies, position, apply, work for, work with you, cv, resume, trabajo, trabajos, empleo, empleos, vacante, vacantes, contratando, trabajar, stelle, stellen, arbeit, bewerben, bewerbung, karriere, mitarbeiter',
    ),
  },
  {
    id: 'gluten',
    index: phrases('gluten'),
    ask: phrases('glutenfree, celiac, coeliac, celiacs, wheat free, sin gluten, celiaco, celiacos, celiaca, glutenfrei, glutenfreie, glutenfreies, zoliakie'),
  },
  {
    id: 'vegan',
    index: phrases('vegan'),
    ask: phrases('vegans, plant based, dairy free, vegano, vegana, veganos, veganas, vegane, veganen, veganes, veganer, pflanzlich'),
  },
  { id: 'vegetarian', index: phrases('vegetarian'), ask: phrases('veggie, meat free, vegetariano, vegetariana, vegetarisch, vegetarische') },
  {
    id: 'allergy',
    index: phrases('allergy, allergen, allergens, nut'),
    ask: phrases(
      'allergies, allergic, nuts, peanut, peanuts, intolerance, intolerant, alergia, alergias, alergico, alergica, alergenos, frutos secos, nueces, allergie, allergien, allergiker, allergene, nuss, nusse, unvertraglichkeit',
    ),
  },
  {
    id: 'sugar',
    index: phrases('sugar'),
    ask: phrases('sugarfree, diabetic, diabetics, diabetes, keto, low carb, sin azucar, azucar, diabetico, diabeticos, zucker, zuckerfrei, diabetiker'),
  },
  {
    id: 'ingredients',
    index: phrases('ingredients, organic, preservatives, scratch'),
    ask: phrases(
      'ingredient, natural, additives, chemicals, homemade, made from, bio, ingredientes, organico, organicos, ecologico, conservantes, casero, zutaten, konservierungsstoffe, naturlich, hausgemacht, okologisch',
    ),
  },
  {
    id: 'fresh',
    index: phrases('fresh'),
    ask: phrases('freshness, shelf life, stay fresh, stale, expire, fresco, frescos, fresca, caducan, frisch, haltbar, haltbarkeit'),
  },
  {
    id: 'expire',
    index: phrases('expire'),
    ask: phrases('expires, expiry, expiration, valid, caduca, caducidad, vence, gultig, gultigkeit, verfallt, lauft ab'),
  },
  {
    id: 'tasting',
    index: phrases('tasting, taste, sample'),
    ask: phrases('try, trying, trial, samples, sampler, probar, degustacion, muestra, muestras, probieren, verkostung, probe, kostprobe'),
  },
  {
    id: 'leftover',
    index: phrases('unsold, leftover, waste, donate'),
    ask: phrases('leftovers, left over, surplus, day old, throw away, food waste, sobras, sobrante, desperdicio, reste, ubrig, ubrige, verschwendung, spenden'),
  },
  {
    id: 'different',
    index: phrases('different, unique, special'),
    ask: phrases('difference, why you, why should, stand out, diferente, diferencia, especial, unico, anders, besonders, einzigartig, unterschied'),
  },
  {
    id: 'subscription',
    index: phrases('subscription, weekly, monthly'),
    ask: phrases(
      'subscribe, subscriptions, membership, member, recurring, every week, every month, suscripcion, suscribirme, semanal, mensual, abo, abonnement, wochentlich, monatlich, mitgliedschaft',
    ),
  },
  {
    id: 'pause',
    index: phrases('pause, cancel'),
    ask: phrases('paused, skip, vacation, holiday away, pausar, saltar, vacaciones, pausieren, aussetzen, urlaub'),
  },
  { id: 'pets', index: phrases('dog, dogs, pet'), ask: phrases('pets, puppy, cat, perro, perros, mascota, mascotas, hund, hunde, haustier, haustiere') },
  {
    id: 'wifi',
    index: phrases('wifi, laptop, seats'),
    ask: phrases('wi fi, internet, laptops, work from, seating, sit, wlan, sitzplatze, sitzen, mesas, sentarse, asientos'),
  },
  {
    id: 'holiday',
    index: phrases('holiday, holidays'),
    ask: phrases(
      'christmas, easter, thanksgiving, new year, bank holiday, public holiday, festivo, festivos, feriado, navidad, feiertag, feiertage, weihnachten, ostern',
    ),
  },
  { id: 'weekend', index: phrases('saturday, sunday, weekend'), ask: phrases('weekends, sabado, domingo, fin de semana, samstag, sonntag, wochenende') },
  { id: 'monday', index: phrases('monday'), ask: phrases('mondays, lunes, montag, montags') },
  { id: 'today', index: phrases('today'), ask: phrases('tonight, now, right now, hoy, ahora, heute, jetzt') },
  { id: 'tomorrow', index: phrases('tomorrow, next day'), ask: phrases('manana, morgen') },
  { id: 'cake', index: phrases('cake, cakes'), ask: phrases('pastel, pasteles, tarta, tartas, torta, tortas, bizcocho, kuchen, torte, torten') },
  { id: 'bread', index: phrases('bread, loaf'), ask: phrases('loaves, pan, panes, hogaza, brot, brote, laib') },
  { id: 'cookie', index: phrases('cookie, cookies'), ask: phrases('biscuit, biscuits, galleta, galletas, keks, kekse, platzchen, cookies') },
  { id: 'coffee', index: phrases('coffee'), ask: phrases('espresso, latte, cafe con leche, kaffee') },
];

/**
 * Short forms and chatter of direct messages that carry no question ("hi", "thx", "pls") and are
 * not in PostgreSQL's English, Spanish or German stop lists, which the search applies too.
 */
export const chatter = new Set(
  phrases(
    'hi, hey, hello, hiya, yo, thanks, thank, thx, ty, please, pls, plz, ok, okay, lol, u, ur, r, im, whats, wat, wondering, question, quick, hola, gracias, porfa, favor, buenas, buenos, dias, hallo, danke, bitte, servus, moin, gibt, habt, ihr, euch, bekomme, tienen, hacen, puedo, estan, kann, konnt, kannst, want, need, know, tell, love, like, get, got, also, still, really, anything, something, someone, good, great, nice, dm, info, information, auch, mal, option, options, choice, choices, kind, kinds, type, types, sort, sorts, variety, opciones, opcion, tipo, tipos, moglichkeiten, auswahl, sachen, etwas',
  ),
);
