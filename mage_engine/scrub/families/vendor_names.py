"""Vendors known only by name: their secrets are random tokens, found by the name nearby.

A vendor's name within a few words before a machine-made token (`onesignal:
e8b1…`, `mailgun 'gRtZ…'`) marks the token as that vendor's key, the way
trufflehog's detectors find most of their formats. Names that are everyday
words (`close`, `front`, `segment`) are left out: next to them a random string
is usually an id. A name here that also has a family of its own is looked up
there first (families/*.py).
"""

VENDOR_NAMES = tuple("""
    abuseipdb abyssale accuweather adzuna aeroworkflow airbrake airship airvisual aiven alconost alegra
    aletheiaapi alienvault allsports amadeus ambee amplitude anypoint apacta api2cart apideck apiflash apifonica
    apify apilayer apimatic apimetrics apitemplate appcues appfollow appointedd appsynergy apptivo artsy
    assemblyai atera auth0 autodesk autoklose avaza aviationstack axonaut aylien ayrshare bannerbear baremetrics
    beebole besnappy betterstack billomat bitcoinaverage bitfinex bitly bitmex blazemeter blitapp blocknative
    bombbomb boostnote borgbase braintrust brandfetch browserstack browshot bscscan buddyns budibase bugherd
    bulksms buttercms caflou calendarific calendly calorieninja campayn canny capsulecrm captaindata
    carboninterface cashboard caspio censys centralstationcrm cexio chatfuel checio checklyhq checkvist cicero
    clarifai clearbit clicksendsms clickup cliengo clientary clinchpad clockify clockworksms cloudconvert
    cloudelements cloudimage cloudmersive cloudplan cloudsmith cloverly clustdoc codacy codeclimate codemagic
    codequiry coinapi coinlayer coinlib commercejs companyhub conversiontools convertapi convertkit convier
    countrylayer coveralls craftmypdf crowdin cryptocompare currencycloud currencyfreaks currencylayer
    currencyscoop currentsapi customerguru customerio d7network dandelion dareboost databox databricks deepai
    deepseek demio detectify detectlanguage dfuse diffbot diggernaut digitalocean disqus dnscheck docparser
    docsearch documo docusign dovico dronahq duosecurity dwolla dynalist dyspatch eagleeyenetworks easyinsight
    ecostruxureit edamam edenai elasticemail enablex etherscan ethplorer eventbrite everhour ewogic ewoid
    exchangerate exchangerates exportsdk extractorapi faceplusplus fastforex feedier fetchrss figma fileio
    finage financialmodelingprep fleetbase flightapi flightstats flowflu flyv1 formbucket formcraft formsite
    foursquare freshdesk freshworks fxmarket geckoboard gengo geoapify geocodify geoip getgeoapi getgist
    getresponse getsandbox glassnode gocanvas godaddy goodday graphcms graphhopper groovehq gtmetrix guardianapi
    gumroad gyazo happyscribe hashicorp hasura hellosign helpcrunch helpscout hereapi holidayapi hubapi hybiscus
    hypertrack iconfinder iexapis iexcloud imagekit imagga infura insightly instabot instamojo interseller
    invoiceocean ip2location ipgeolocation ipinfo ipinfodb ipquality ipstack jotform jupiterone kanbantool
    karmacrm klipfolio knapsackpro kontent kylas ladesk languagelayer larksuite leadfeeder lemlist lemonsqueezy
    lessannoyingcrm lexigram linenotify linkpreview liveagent livestorm loadmill locationiq loginradius lokalise
    loyverse lunchmoney magicbell mailboxlayer mailerlite mailjet mailmodo mailsac mandrill mapquest marketstack
    mavenlink maxmind meaningcloud mediastack meistertask mesibo metaapi metabase metrilo mindmeister mixmax
    mixpanel mockaroo monkeylearn moonclerk moosend moralis mrticktock myintervals nasdaq netcore nethunt
    netsuite neutrinoapi newsapi newscatcher nftport nicereply nightfall nozbe nozbeteams numverify nutritionix
    nylas oanda omnisend onedesk onelogin onepagecrm onfleet oopspam opencagedata openuv openvpn openweather
    optimizely overloop owlbot packagecloud pandadoc pandascore paperform paralleldots parsehub parseur
    partnerstack pastebin paydirtapp paymoapp paymongo paystack pdflayer pdfshift peopledatalabs pepipost
    photoroom pinata pipedream pipedrive pixabay planview planviewleankit planyo podio pollsapi poloniex
    portainer positionstack postageapp postbacks powrbot prodpad prospectcrm proxycrawl purestake pushbullet
    pyxis qualaroo qubole reachmail reallysimplesystems rebrandly redhat rentman repairshopr replicate replyio
    requestfinance restpack revampcrm ringcentral ritekit rocketreach route4me rownd rubygems runrunit runscope
    salesblink salescookie salesflare salesmate satismeter saucelabs scalr scrapeowl scraperapi scraperbox
    scrapestack scrapfly scrapingant scrapingbee screenshotapi screenshotlayer scrutinizer securitytrails
    selectpdf serphouse serpstack sheety sherpadesk shipday shodan shotstack shutterstock signable signalwire
    signaturit signupgenius sigopt simfin simplesat simplynoted simvoly siteleaf skrapp skybiometry smartsheet
    smartystreets smooch snipcart solarwinds sparkpost speechtext spoonacular sportsmonk sslmate statuscake
    statuspal stitchdata stockdata storecove stormboard stormglass storyblok storychief strava stripo stytch
    sugester supernotes surveyanyplace surveybot surveysparrow survicate swiftype tallyfy tatum taxjar teamgate
    teamwork teamworkcrm teamworkdesk teamworkspaces tefter teletype testingbot textanywhere textmagic
    theoddsapi thinkific thousandeyes ticketmaster tickettailor tiingo timecamp timezoneapi tmetric todoist
    toggl tokeet tomtom tradier transferwise travelpayouts twelvedata tyntec typeform typetalk uclassify
    unsplash upcdatabase uplead uploadcare uptimerobot upwave urlscan userflow userstack vatlayer vbout verimail
    veriphone versioneye viewneo virustotal visualcrossing voicegain voodoosms vouchery vpnapi vultr walkscore
    wandb weatherbit weatherstack webflow webscraper webscraping websitepulse wepay whoxy wistia worksnaps
    workstack worldcoinindex worldweather wrike youneedabudget yousign zenkit zenrows zenscrape zenserp zeplin
    zerobounce zerotier zipbooks zipcodeapi zipcodebase zonka
""".split())
