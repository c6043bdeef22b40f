/**
 * Examples for the API document, by operationId: a request (body, or query
 * parameters) and the success response. Recorded from the conformance flows
 * (test/conformance/flows.ts) against a fresh sandbox and trimmed to one
 * item per list; test/openapi/documents.test.ts checks every one against
 * its schema, so an example that drifts from the schemas fails the tests.
 */

export interface OperationExample {
  /** The success status the response example belongs to. */
  status: number;
  query?: Record<string, string>;
  request?: unknown;
  response: unknown;
}

export const OPERATION_EXAMPLES: Record<string, OperationExample> = {
  "getPlatformConfig": {
    "status": 200,
    "response": {
      "id": "PlatformConfig:c8526770-55b5-40d0-b401-eefddd12ddb7",
      "umaDomain": "sandbox.uma.local",
      "supportedCurrencies": [
        {
          "currencyCode": "USD",
          "minAmount": 1,
          "maxAmount": 100000000000,
          "requiredCounterpartyFields": [],
          "enabledTransactionTypes": [
            "INCOMING"
          ]
        }
      ],
      "singleTransactionMaximums": [],
      "isRegulatedFinancialInstitution": false,
      "skipVerificationPaperwork": false,
      "createdAt": "2026-11-23T20:47:50.587Z",
      "updatedAt": "2026-11-23T20:47:50.587Z"
    }
  },
  "updatePlatformConfig": {
    "status": 200,
    "response": {
      "id": "PlatformConfig:c8526770-55b5-40d0-b401-eefddd12ddb7",
      "umaDomain": "sandbox.uma.local",
      "supportedCurrencies": [
        {
          "currencyCode": "USD",
          "minAmount": 1,
          "maxAmount": 100000000000,
          "requiredCounterpartyFields": [],
          "enabledTransactionTypes": [
            "INCOMING"
          ]
        }
      ],
      "singleTransactionMaximums": [],
      "isRegulatedFinancialInstitution": false,
      "skipVerificationPaperwork": false,
      "createdAt": "2026-11-23T20:47:50.587Z",
      "updatedAt": "2026-11-23T20:47:51.583Z"
    },
    "request": {
      "supportedCurrencies": [
        {
          "currencyCode": "USD",
          "minAmount": 1,
          "maxAmount": 100000000000,
          "requiredCounterpartyFields": [],
          "enabledTransactionTypes": [
            "INCOMING",
            "OUTGOING"
          ]
        },
        {
          "currencyCode": "EUR",
          "minAmount": 1,
          "maxAmount": 100000000000,
          "requiredCounterpartyFields": [],
          "enabledTransactionTypes": [
            "INCOMING",
            "OUTGOING"
          ]
        },
        {
          "currencyCode": "MXN",
          "minAmount": 1,
          "maxAmount": 100000000000,
          "requiredCounterpartyFields": [],
          "enabledTransactionTypes": [
            "INCOMING",
            "OUTGOING"
          ]
        },
        {
          "currencyCode": "BRL",
          "minAmount": 1,
          "maxAmount": 100000000000,
          "requiredCounterpartyFields": [],
          "enabledTransactionTypes": [
            "INCOMING",
            "OUTGOING"
          ]
        },
        {
          "currencyCode": "GBP",
          "minAmount": 1,
          "maxAmount": 100000000000,
          "requiredCounterpartyFields": [],
          "enabledTransactionTypes": [
            "INCOMING",
            "OUTGOING"
          ]
        },
        {
          "currencyCode": "USDC",
          "minAmount": 1,
          "maxAmount": 100000000000000,
          "requiredCounterpartyFields": [],
          "enabledTransactionTypes": [
            "INCOMING",
            "OUTGOING"
          ]
        },
        {
          "currencyCode": "BTC",
          "minAmount": 1,
          "maxAmount": 100000000000000,
          "requiredCounterpartyFields": [],
          "enabledTransactionTypes": [
            "INCOMING",
            "OUTGOING"
          ]
        }
      ]
    }
  },
  "createCustomer": {
    "status": 201,
    "response": {
      "id": "Customer:070be68f-af98-4715-896b-24dfff2d7c12",
      "customerType": "INDIVIDUAL",
      "platformCustomerId": "jane-1",
      "umaAddress": "$janedoe.ebce45@sandbox.uma.local",
      "isDeleted": false,
      "createdAt": "2026-11-23T20:47:51.683Z",
      "updatedAt": "2026-11-23T20:47:51.683Z",
      "currencies": [
        "USD"
      ],
      "email": "jane@example.com",
      "fullName": "Jane Doe",
      "birthDate": "1990-01-31",
      "nationality": "US",
      "address": {
        "line1": "1 Market St",
        "city": "San Francisco",
        "state": "CA",
        "postalCode": "94105",
        "country": "US"
      },
      "idType": "SSN",
      "kycStatus": "UNVERIFIED"
    },
    "request": {
      "customerType": "INDIVIDUAL",
      "platformCustomerId": "jane-1",
      "fullName": "Jane Doe",
      "birthDate": "1990-01-31",
      "nationality": "US",
      "email": "jane@example.com",
      "idType": "SSN",
      "identifier": "123-45-6789",
      "address": {
        "line1": "1 Market St",
        "city": "San Francisco",
        "state": "CA",
        "postalCode": "94105",
        "country": "US"
      },
      "currencies": [
        "USD"
      ]
    }
  },
  "listCustomers": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Customer:070be68f-af98-4715-896b-24dfff2d7c12",
          "customerType": "INDIVIDUAL",
          "platformCustomerId": "jane-1",
          "umaAddress": "$janedoe.ebce45@sandbox.uma.local",
          "isDeleted": false,
          "createdAt": "2026-11-23T20:47:51.683Z",
          "updatedAt": "2026-11-23T20:47:51.683Z",
          "currencies": [
            "USD"
          ],
          "email": "jane@example.com",
          "fullName": "Jane Doe",
          "birthDate": "1990-01-31",
          "nationality": "US",
          "address": {
            "line1": "1 Market St",
            "city": "San Francisco",
            "state": "CA",
            "postalCode": "94105",
            "country": "US"
          },
          "idType": "SSN",
          "kycStatus": "UNVERIFIED"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "limit": "10",
      "customerType": "INDIVIDUAL"
    }
  },
  "getCustomerById": {
    "status": 200,
    "response": {
      "id": "Customer:070be68f-af98-4715-896b-24dfff2d7c12",
      "customerType": "INDIVIDUAL",
      "platformCustomerId": "jane-1",
      "umaAddress": "$janedoe.ebce45@sandbox.uma.local",
      "isDeleted": false,
      "createdAt": "2026-11-23T20:47:51.683Z",
      "updatedAt": "2026-11-23T20:47:51.683Z",
      "currencies": [
        "USD"
      ],
      "email": "jane@example.com",
      "fullName": "Jane Doe",
      "birthDate": "1990-01-31",
      "nationality": "US",
      "address": {
        "line1": "1 Market St",
        "city": "San Francisco",
        "state": "CA",
        "postalCode": "94105",
        "country": "US"
      },
      "idType": "SSN",
      "kycStatus": "UNVERIFIED"
    }
  },
  "updateCustomerById": {
    "status": 200,
    "response": {
      "id": "Customer:070be68f-af98-4715-896b-24dfff2d7c12",
      "customerType": "INDIVIDUAL",
      "platformCustomerId": "jane-1",
      "umaAddress": "$janedoe.ebce45@sandbox.uma.local",
      "isDeleted": false,
      "createdAt": "2026-11-23T20:47:51.683Z",
      "updatedAt": "2026-11-23T20:47:52.047Z",
      "currencies": [
        "USD"
      ],
      "email": "jane@example.com",
      "fullName": "Jane Doe",
      "birthDate": "1990-01-31",
      "nationality": "US",
      "address": {
        "line1": "1 Market St",
        "city": "San Francisco",
        "state": "CA",
        "postalCode": "94105",
        "country": "US"
      },
      "idType": "SSN",
      "kycStatus": "UNVERIFIED",
      "phoneNumber": "+14155550123"
    },
    "request": {
      "customerType": "INDIVIDUAL",
      "phoneNumber": "+14155550123"
    }
  },
  "uploadDocument": {
    "status": 201,
    "response": {
      "id": "Document:90a86a2d-8abb-472c-941e-28832997fd23",
      "documentHolder": "Customer:070be68f-af98-4715-896b-24dfff2d7c12",
      "documentType": "PASSPORT",
      "country": "US",
      "documentNumber": "X1234567",
      "fileName": "passport.png",
      "createdAt": "2026-11-23T20:47:52.161Z",
      "updatedAt": "2026-11-23T20:47:52.161Z"
    },
    "request": {
      "documentHolder": "Customer:070be68f-af98-4715-896b-24dfff2d7c12",
      "documentType": "PASSPORT",
      "country": "US",
      "documentNumber": "X1234567",
      "file": "(the file bytes)"
    }
  },
  "listDocuments": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Document:90a86a2d-8abb-472c-941e-28832997fd23",
          "documentHolder": "Customer:070be68f-af98-4715-896b-24dfff2d7c12",
          "documentType": "PASSPORT",
          "country": "US",
          "documentNumber": "X1234567",
          "fileName": "passport.png",
          "createdAt": "2026-11-23T20:47:52.161Z",
          "updatedAt": "2026-11-23T20:47:52.161Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "documentHolder": "Customer:070be68f-af98-4715-896b-24dfff2d7c12"
    }
  },
  "getDocument": {
    "status": 200,
    "response": {
      "id": "Document:90a86a2d-8abb-472c-941e-28832997fd23",
      "documentHolder": "Customer:070be68f-af98-4715-896b-24dfff2d7c12",
      "documentType": "PASSPORT",
      "country": "US",
      "documentNumber": "X1234567",
      "fileName": "passport.png",
      "createdAt": "2026-11-23T20:47:52.161Z",
      "updatedAt": "2026-11-23T20:47:52.161Z"
    }
  },
  "replaceDocument": {
    "status": 200,
    "response": {
      "id": "Document:90a86a2d-8abb-472c-941e-28832997fd23",
      "documentHolder": "Customer:070be68f-af98-4715-896b-24dfff2d7c12",
      "documentType": "PASSPORT",
      "country": "US",
      "fileName": "passport.png",
      "createdAt": "2026-11-23T20:47:52.161Z",
      "updatedAt": "2026-11-23T20:47:52.276Z",
      "documentNumber": "X7654321"
    },
    "request": {
      "documentType": "PASSPORT",
      "country": "US",
      "documentNumber": "X7654321",
      "file": "(the file bytes)"
    }
  },
  "createVerification": {
    "status": 200,
    "response": {
      "id": "Verification:7a82ce6c-68c6-4ca9-9ad6-394f425879e3",
      "customerId": "Customer:070be68f-af98-4715-896b-24dfff2d7c12",
      "verificationStatus": "APPROVED",
      "errors": [],
      "createdAt": "2026-11-23T20:47:52.307Z",
      "updatedAt": "2026-11-23T20:47:52.307Z"
    },
    "request": {
      "customerId": "Customer:070be68f-af98-4715-896b-24dfff2d7c12"
    }
  },
  "listVerifications": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Verification:7a82ce6c-68c6-4ca9-9ad6-394f425879e3",
          "customerId": "Customer:070be68f-af98-4715-896b-24dfff2d7c12",
          "verificationStatus": "APPROVED",
          "errors": [],
          "createdAt": "2026-11-23T20:47:52.307Z",
          "updatedAt": "2026-11-23T20:47:52.307Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "customerId": "Customer:070be68f-af98-4715-896b-24dfff2d7c12"
    }
  },
  "getVerification": {
    "status": 200,
    "response": {
      "id": "Verification:7a82ce6c-68c6-4ca9-9ad6-394f425879e3",
      "customerId": "Customer:070be68f-af98-4715-896b-24dfff2d7c12",
      "verificationStatus": "APPROVED",
      "errors": [],
      "createdAt": "2026-11-23T20:47:52.307Z",
      "updatedAt": "2026-11-23T20:47:52.307Z"
    }
  },
  "createBeneficialOwner": {
    "status": 201,
    "response": {
      "id": "BeneficialOwner:b4a2b97e-2f8e-4b08-9176-3e0a3092a149",
      "customerId": "Customer:8c7334fa-da66-461b-afc6-2d1871fadecb",
      "roles": [
        "UBO"
      ],
      "ownershipPercentage": 60,
      "personalInfo": {
        "firstName": "Ann",
        "lastName": "Lee",
        "birthDate": "1980-02-02",
        "nationality": "US",
        "address": {
          "line1": "1 Market St",
          "city": "San Francisco",
          "state": "CA",
          "postalCode": "94105",
          "country": "US"
        },
        "idType": "SSN",
        "identifier": "987-65-4321"
      },
      "kycStatus": "UNVERIFIED",
      "createdAt": "2026-11-23T20:47:52.449Z",
      "updatedAt": "2026-11-23T20:47:52.449Z"
    },
    "request": {
      "customerId": "Customer:8c7334fa-da66-461b-afc6-2d1871fadecb",
      "roles": [
        "UBO"
      ],
      "ownershipPercentage": 60,
      "personalInfo": {
        "firstName": "Ann",
        "lastName": "Lee",
        "birthDate": "1980-02-02",
        "nationality": "US",
        "address": {
          "line1": "1 Market St",
          "city": "San Francisco",
          "state": "CA",
          "postalCode": "94105",
          "country": "US"
        },
        "idType": "SSN",
        "identifier": "987-65-4321"
      }
    }
  },
  "listBeneficialOwners": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "BeneficialOwner:b4a2b97e-2f8e-4b08-9176-3e0a3092a149",
          "customerId": "Customer:8c7334fa-da66-461b-afc6-2d1871fadecb",
          "roles": [
            "UBO"
          ],
          "ownershipPercentage": 60,
          "personalInfo": {
            "firstName": "Ann",
            "lastName": "Lee",
            "birthDate": "1980-02-02",
            "nationality": "US",
            "address": {
              "line1": "1 Market St",
              "city": "San Francisco",
              "state": "CA",
              "postalCode": "94105",
              "country": "US"
            },
            "idType": "SSN",
            "identifier": "987-65-4321"
          },
          "kycStatus": "UNVERIFIED",
          "createdAt": "2026-11-23T20:47:52.449Z",
          "updatedAt": "2026-11-23T20:47:52.449Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "customerId": "Customer:8c7334fa-da66-461b-afc6-2d1871fadecb"
    }
  },
  "getBeneficialOwner": {
    "status": 200,
    "response": {
      "id": "BeneficialOwner:b4a2b97e-2f8e-4b08-9176-3e0a3092a149",
      "customerId": "Customer:8c7334fa-da66-461b-afc6-2d1871fadecb",
      "roles": [
        "UBO"
      ],
      "ownershipPercentage": 60,
      "personalInfo": {
        "firstName": "Ann",
        "lastName": "Lee",
        "birthDate": "1980-02-02",
        "nationality": "US",
        "address": {
          "line1": "1 Market St",
          "city": "San Francisco",
          "state": "CA",
          "postalCode": "94105",
          "country": "US"
        },
        "idType": "SSN",
        "identifier": "987-65-4321"
      },
      "kycStatus": "UNVERIFIED",
      "createdAt": "2026-11-23T20:47:52.449Z",
      "updatedAt": "2026-11-23T20:47:52.449Z"
    }
  },
  "updateBeneficialOwner": {
    "status": 200,
    "response": {
      "id": "BeneficialOwner:b4a2b97e-2f8e-4b08-9176-3e0a3092a149",
      "customerId": "Customer:8c7334fa-da66-461b-afc6-2d1871fadecb",
      "roles": [
        "UBO"
      ],
      "ownershipPercentage": 55,
      "personalInfo": {
        "firstName": "Ann",
        "lastName": "Lee",
        "birthDate": "1980-02-02",
        "nationality": "US",
        "address": {
          "line1": "1 Market St",
          "city": "San Francisco",
          "state": "CA",
          "postalCode": "94105",
          "country": "US"
        },
        "idType": "SSN",
        "identifier": "987-65-4321"
      },
      "kycStatus": "UNVERIFIED",
      "createdAt": "2026-11-23T20:47:52.449Z",
      "updatedAt": "2026-11-23T20:47:52.562Z"
    },
    "request": {
      "ownershipPercentage": 55
    }
  },
  "createCustomerKycLink": {
    "status": 201,
    "response": {
      "kycUrl": "http://localhost/hosted/kyc/ZXhhbXBsZS0w.6MPBQse3ZkWAi2F2q7t2eYTQVw1y8xPG",
      "expiresAt": "2026-11-23T21:47:52.642Z",
      "provider": "SUMSUB",
      "token": "ZXhhbXBsZS0w.6MPBQse3ZkWAi2F2q7t2eYTQVw1y8xPG"
    },
    "request": {
      "redirectUri": "https://example.com/done"
    }
  },
  "getCustomerKycLink": {
    "status": 200,
    "response": {
      "kycUrl": "http://localhost/hosted/kyc/ZXhhbXBsZS0w.pGirT58laIx8Ic0p7mhtgGzVUxvqbvfp",
      "expiresAt": "2026-11-23T21:47:52.685Z",
      "provider": "SUMSUB",
      "token": "ZXhhbXBsZS0w.pGirT58laIx8Ic0p7mhtgGzVUxvqbvfp"
    },
    "query": {
      "redirectUri": "https://example.com/done"
    }
  },
  "deleteCustomerById": {
    "status": 200,
    "response": {
      "id": "Customer:8c7334fa-da66-461b-afc6-2d1871fadecb",
      "customerType": "BUSINESS",
      "platformCustomerId": "acme-1",
      "umaAddress": "$acmeinc.2b371f@sandbox.uma.local",
      "isDeleted": true,
      "createdAt": "2026-11-23T20:47:52.414Z",
      "updatedAt": "2026-11-23T20:47:52.699Z",
      "address": {
        "line1": "1 Market St",
        "city": "San Francisco",
        "state": "CA",
        "postalCode": "94105",
        "country": "US"
      },
      "businessInfo": {
        "legalName": "Acme Inc",
        "country": "US",
        "registrationNumber": "REG-000",
        "incorporatedOn": "2015-06-01",
        "taxId": "12-3456789"
      },
      "kybStatus": "UNVERIFIED",
      "beneficialOwners": []
    }
  },
  "listCustomerInternalAccounts": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "InternalAccount:c9198839-ec2f-4d94-ba1e-f5eb776c5d6b",
          "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d",
          "type": "INTERNAL_FIAT",
          "status": "ACTIVE",
          "fundingPaymentInstructions": [
            {
              "instructionsNotes": "Include the reference so the deposit is credited to this account.",
              "isPlatformAccount": false,
              "accountOrWalletInfo": {
                "accountType": "USD_ACCOUNT",
                "accountNumber": "297751075109",
                "routingNumber": "043045996",
                "bankName": "Sandbox Bank",
                "paymentRails": [
                  "ACH"
                ],
                "reference": "PSBEXC8SXZR"
              }
            }
          ],
          "createdAt": "2026-11-23T20:47:52.978Z",
          "updatedAt": "2026-11-23T20:47:52.978Z",
          "balance": {
            "amount": 0,
            "currency": {
              "code": "USD",
              "name": "US Dollar",
              "symbol": "$",
              "decimals": 2
            }
          },
          "totalBalance": {
            "amount": 0,
            "currency": {
              "code": "USD",
              "name": "US Dollar",
              "symbol": "$",
              "decimals": 2
            }
          }
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d"
    }
  },
  "listPlatformInternalAccounts": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "InternalAccount:9e02eed8-00b9-4b5e-95cc-eae44299d325",
          "type": "INTERNAL_FIAT",
          "status": "ACTIVE",
          "fundingPaymentInstructions": [
            {
              "instructionsNotes": "Include the reference so the deposit is credited to this account.",
              "isPlatformAccount": true,
              "accountOrWalletInfo": {
                "accountType": "USD_ACCOUNT",
                "accountNumber": "624136192645",
                "routingNumber": "094243886",
                "bankName": "Sandbox Bank",
                "paymentRails": [
                  "ACH"
                ],
                "reference": "PSBUJNN4NGW"
              }
            }
          ],
          "createdAt": "2026-11-23T20:47:52.888Z",
          "updatedAt": "2026-11-23T20:47:52.888Z",
          "balance": {
            "amount": 0,
            "currency": {
              "code": "USD",
              "name": "US Dollar",
              "symbol": "$",
              "decimals": 2
            }
          },
          "totalBalance": {
            "amount": 0,
            "currency": {
              "code": "USD",
              "name": "US Dollar",
              "symbol": "$",
              "decimals": 2
            }
          }
        }
      ]
    },
    "query": {
      "currency": "USD"
    }
  },
  "sandboxFundInternalAccount": {
    "status": 200,
    "response": {
      "id": "InternalAccount:c9198839-ec2f-4d94-ba1e-f5eb776c5d6b",
      "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d",
      "type": "INTERNAL_FIAT",
      "status": "ACTIVE",
      "fundingPaymentInstructions": [
        {
          "instructionsNotes": "Include the reference so the deposit is credited to this account.",
          "isPlatformAccount": false,
          "accountOrWalletInfo": {
            "accountType": "USD_ACCOUNT",
            "accountNumber": "297751075109",
            "routingNumber": "043045996",
            "bankName": "Sandbox Bank",
            "paymentRails": [
              "ACH"
            ],
            "reference": "PSBEXC8SXZR"
          }
        }
      ],
      "createdAt": "2026-11-23T20:47:52.978Z",
      "updatedAt": "2026-11-23T20:47:53.140Z",
      "balance": {
        "amount": 500000,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "totalBalance": {
        "amount": 500000,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      }
    },
    "request": {
      "amount": 500000
    }
  },
  "createCustomerExternalAccount": {
    "status": 201,
    "response": {
      "id": "ExternalAccount:bd94e119-f298-4678-9a0f-14f104762be4",
      "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d",
      "status": "ACTIVE",
      "platformAccountId": "paula-bank",
      "currency": "USD",
      "defaultUmaDepositAccount": false,
      "beneficiaryVerificationStatus": "MATCHED",
      "beneficiaryVerifiedData": {
        "fullName": "Paula Payer"
      },
      "accountInfo": {
        "accountType": "USD_ACCOUNT",
        "accountNumber": "000123456789",
        "routingNumber": "021000021",
        "beneficiary": {
          "beneficiaryType": "INDIVIDUAL",
          "fullName": "Paula Payer"
        },
        "paymentRails": [
          "ACH"
        ]
      },
      "createdAt": "2026-11-23T20:47:53.214Z",
      "updatedAt": "2026-11-23T20:47:53.214Z"
    },
    "request": {
      "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d",
      "currency": "USD",
      "platformAccountId": "paula-bank",
      "accountInfo": {
        "accountType": "USD_ACCOUNT",
        "accountNumber": "000123456789",
        "routingNumber": "021000021",
        "beneficiary": {
          "beneficiaryType": "INDIVIDUAL",
          "fullName": "Paula Payer"
        }
      }
    }
  },
  "listCustomerExternalAccounts": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "ExternalAccount:bd94e119-f298-4678-9a0f-14f104762be4",
          "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d",
          "status": "ACTIVE",
          "platformAccountId": "paula-bank",
          "currency": "USD",
          "defaultUmaDepositAccount": false,
          "beneficiaryVerificationStatus": "MATCHED",
          "beneficiaryVerifiedData": {
            "fullName": "Paula Payer"
          },
          "accountInfo": {
            "accountType": "USD_ACCOUNT",
            "accountNumber": "000123456789",
            "routingNumber": "021000021",
            "beneficiary": {
              "beneficiaryType": "INDIVIDUAL",
              "fullName": "Paula Payer"
            },
            "paymentRails": [
              "ACH"
            ]
          },
          "createdAt": "2026-11-23T20:47:53.214Z",
          "updatedAt": "2026-11-23T20:47:53.214Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d",
      "currency": "USD"
    }
  },
  "getCustomerExternalAccountById": {
    "status": 200,
    "response": {
      "id": "ExternalAccount:bd94e119-f298-4678-9a0f-14f104762be4",
      "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d",
      "status": "ACTIVE",
      "platformAccountId": "paula-bank",
      "currency": "USD",
      "defaultUmaDepositAccount": false,
      "beneficiaryVerificationStatus": "MATCHED",
      "beneficiaryVerifiedData": {
        "fullName": "Paula Payer"
      },
      "accountInfo": {
        "accountType": "USD_ACCOUNT",
        "accountNumber": "000123456789",
        "routingNumber": "021000021",
        "beneficiary": {
          "beneficiaryType": "INDIVIDUAL",
          "fullName": "Paula Payer"
        },
        "paymentRails": [
          "ACH"
        ]
      },
      "createdAt": "2026-11-23T20:47:53.214Z",
      "updatedAt": "2026-11-23T20:47:53.214Z"
    }
  },
  "createPlatformExternalAccount": {
    "status": 201,
    "response": {
      "id": "ExternalAccount:3a41762f-ac6c-48ae-8d22-3fa913b17690",
      "status": "ACTIVE",
      "currency": "USD",
      "defaultUmaDepositAccount": false,
      "beneficiaryVerificationStatus": "MATCHED",
      "beneficiaryVerifiedData": {
        "fullName": "Platform LLC"
      },
      "accountInfo": {
        "accountType": "USD_ACCOUNT",
        "accountNumber": "000555555589",
        "routingNumber": "021000021",
        "beneficiary": {
          "beneficiaryType": "BUSINESS",
          "legalName": "Platform LLC"
        },
        "paymentRails": [
          "ACH"
        ]
      },
      "createdAt": "2026-11-23T20:47:54.428Z",
      "updatedAt": "2026-11-23T20:47:54.428Z"
    },
    "request": {
      "currency": "USD",
      "accountInfo": {
        "accountType": "USD_ACCOUNT",
        "accountNumber": "000555555589",
        "routingNumber": "021000021",
        "beneficiary": {
          "beneficiaryType": "BUSINESS",
          "legalName": "Platform LLC"
        }
      }
    }
  },
  "listPlatformExternalAccounts": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "ExternalAccount:3a41762f-ac6c-48ae-8d22-3fa913b17690",
          "status": "ACTIVE",
          "currency": "USD",
          "defaultUmaDepositAccount": false,
          "beneficiaryVerificationStatus": "MATCHED",
          "beneficiaryVerifiedData": {
            "fullName": "Platform LLC"
          },
          "accountInfo": {
            "accountType": "USD_ACCOUNT",
            "accountNumber": "000555555589",
            "routingNumber": "021000021",
            "beneficiary": {
              "beneficiaryType": "BUSINESS",
              "legalName": "Platform LLC"
            },
            "paymentRails": [
              "ACH"
            ]
          },
          "createdAt": "2026-11-23T20:47:54.428Z",
          "updatedAt": "2026-11-23T20:47:54.428Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "currency": "USD"
    }
  },
  "getPlatformExternalAccountById": {
    "status": 200,
    "response": {
      "id": "ExternalAccount:3a41762f-ac6c-48ae-8d22-3fa913b17690",
      "status": "ACTIVE",
      "currency": "USD",
      "defaultUmaDepositAccount": false,
      "beneficiaryVerificationStatus": "MATCHED",
      "beneficiaryVerifiedData": {
        "fullName": "Platform LLC"
      },
      "accountInfo": {
        "accountType": "USD_ACCOUNT",
        "accountNumber": "000555555589",
        "routingNumber": "021000021",
        "beneficiary": {
          "beneficiaryType": "BUSINESS",
          "legalName": "Platform LLC"
        },
        "paymentRails": [
          "ACH"
        ]
      },
      "createdAt": "2026-11-23T20:47:54.428Z",
      "updatedAt": "2026-11-23T20:47:54.428Z"
    }
  },
  "getExchangeRates": {
    "status": 200,
    "response": {
      "data": [
        {
          "sourceCurrency": {
            "code": "USD",
            "name": "US Dollar",
            "symbol": "$",
            "decimals": 2
          },
          "destinationCurrency": {
            "code": "MXN",
            "name": "Mexican Peso",
            "symbol": "MX$",
            "decimals": 2
          },
          "destinationPaymentRail": "SPEI",
          "sendingAmount": 10000,
          "minSendingAmount": 1,
          "maxSendingAmount": 100000000000,
          "receivingAmount": 180707,
          "exchangeRate": 0.054923,
          "fees": {
            "fixed": 25,
            "total": 75
          },
          "updatedAt": "2026-11-23T20:45:00.000Z"
        }
      ]
    },
    "query": {
      "sourceCurrency": "USD",
      "destinationCurrency": "MXN",
      "sendingAmount": "10000"
    }
  },
  "getDiscoveries": {
    "status": 200,
    "response": {
      "data": [
        {
          "bankName": "Banco Sandbox de México S.A.",
          "displayName": "Banco Sandbox",
          "country": "MX",
          "currency": "MXN",
          "paymentRails": [
            "SPEI"
          ]
        }
      ]
    },
    "query": {
      "country": "MX",
      "currency": "MXN"
    }
  },
  "lookupExternalAccount": {
    "status": 200,
    "response": {
      "supportedCurrencies": [
        {
          "currency": {
            "code": "MXN",
            "name": "Mexican Peso",
            "symbol": "MX$",
            "decimals": 2
          },
          "estimatedExchangeRate": 0.054923,
          "min": 1,
          "max": 100000000000
        }
      ],
      "requiredPayerDataFields": [],
      "lookupId": "Lookup:5408e2c3-68e2-455b-bbb2-26a87f6e4999",
      "accountId": "ExternalAccount:6774680d-2682-4740-a492-6097ef9fd63d"
    },
    "query": {
      "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d"
    }
  },
  "createQuote": {
    "status": 201,
    "response": {
      "id": "Quote:cb0103ce-64f2-4531-a7c3-5e85ccf13e7d",
      "createdAt": "2026-11-23T20:47:54.668Z",
      "expiresAt": "2026-11-23T20:52:54.668Z",
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "InternalAccount:c9198839-ec2f-4d94-ba1e-f5eb776c5d6b"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "ExternalAccount:6774680d-2682-4740-a492-6097ef9fd63d"
      },
      "sendingCurrency": {
        "code": "USD",
        "name": "US Dollar",
        "symbol": "$",
        "decimals": 2
      },
      "receivingCurrency": {
        "code": "MXN",
        "name": "Mexican Peso",
        "symbol": "MX$",
        "decimals": 2
      },
      "totalSendingAmount": 10000,
      "totalReceivingAmount": 180707,
      "exchangeRate": 0.054923,
      "feesIncluded": 75,
      "platformFeesIncluded": 0,
      "transactionId": "Transaction:182777b3-ccb6-4ebb-a2c7-e6ada111b835",
      "description": "Rent",
      "status": "PENDING"
    },
    "request": {
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "InternalAccount:c9198839-ec2f-4d94-ba1e-f5eb776c5d6b"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "ExternalAccount:6774680d-2682-4740-a492-6097ef9fd63d"
      },
      "lockedCurrencySide": "SENDING",
      "lockedCurrencyAmount": 10000,
      "description": "Rent"
    }
  },
  "getQuoteById": {
    "status": 200,
    "response": {
      "id": "Quote:cb0103ce-64f2-4531-a7c3-5e85ccf13e7d",
      "createdAt": "2026-11-23T20:47:54.668Z",
      "expiresAt": "2026-11-23T20:52:54.668Z",
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "InternalAccount:c9198839-ec2f-4d94-ba1e-f5eb776c5d6b"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "ExternalAccount:6774680d-2682-4740-a492-6097ef9fd63d"
      },
      "sendingCurrency": {
        "code": "USD",
        "name": "US Dollar",
        "symbol": "$",
        "decimals": 2
      },
      "receivingCurrency": {
        "code": "MXN",
        "name": "Mexican Peso",
        "symbol": "MX$",
        "decimals": 2
      },
      "totalSendingAmount": 10000,
      "totalReceivingAmount": 180707,
      "exchangeRate": 0.054923,
      "feesIncluded": 75,
      "platformFeesIncluded": 0,
      "transactionId": "Transaction:182777b3-ccb6-4ebb-a2c7-e6ada111b835",
      "description": "Rent",
      "status": "PENDING"
    }
  },
  "listQuotes": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Quote:cb0103ce-64f2-4531-a7c3-5e85ccf13e7d",
          "createdAt": "2026-11-23T20:47:54.668Z",
          "expiresAt": "2026-11-23T20:52:54.668Z",
          "source": {
            "sourceType": "ACCOUNT",
            "accountId": "InternalAccount:c9198839-ec2f-4d94-ba1e-f5eb776c5d6b"
          },
          "destination": {
            "destinationType": "ACCOUNT",
            "accountId": "ExternalAccount:6774680d-2682-4740-a492-6097ef9fd63d"
          },
          "sendingCurrency": {
            "code": "USD",
            "name": "US Dollar",
            "symbol": "$",
            "decimals": 2
          },
          "receivingCurrency": {
            "code": "MXN",
            "name": "Mexican Peso",
            "symbol": "MX$",
            "decimals": 2
          },
          "totalSendingAmount": 10000,
          "totalReceivingAmount": 180707,
          "exchangeRate": 0.054923,
          "feesIncluded": 75,
          "platformFeesIncluded": 0,
          "transactionId": "Transaction:182777b3-ccb6-4ebb-a2c7-e6ada111b835",
          "description": "Rent",
          "status": "PENDING"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d"
    }
  },
  "executeQuote": {
    "status": 200,
    "response": {
      "id": "Quote:cb0103ce-64f2-4531-a7c3-5e85ccf13e7d",
      "createdAt": "2026-11-23T20:47:54.668Z",
      "expiresAt": "2026-11-23T20:52:54.668Z",
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "InternalAccount:c9198839-ec2f-4d94-ba1e-f5eb776c5d6b"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "ExternalAccount:6774680d-2682-4740-a492-6097ef9fd63d"
      },
      "sendingCurrency": {
        "code": "USD",
        "name": "US Dollar",
        "symbol": "$",
        "decimals": 2
      },
      "receivingCurrency": {
        "code": "MXN",
        "name": "Mexican Peso",
        "symbol": "MX$",
        "decimals": 2
      },
      "totalSendingAmount": 10000,
      "totalReceivingAmount": 180707,
      "exchangeRate": 0.054923,
      "feesIncluded": 75,
      "platformFeesIncluded": 0,
      "transactionId": "Transaction:182777b3-ccb6-4ebb-a2c7-e6ada111b835",
      "description": "Rent",
      "status": "COMPLETED"
    }
  },
  "getTransactionById": {
    "status": 200,
    "response": {
      "id": "Transaction:182777b3-ccb6-4ebb-a2c7-e6ada111b835",
      "type": "OUTGOING",
      "direction": "DEBIT",
      "status": "COMPLETED",
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "InternalAccount:c9198839-ec2f-4d94-ba1e-f5eb776c5d6b",
        "currency": "USD"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "ExternalAccount:6774680d-2682-4740-a492-6097ef9fd63d",
        "currency": "MXN"
      },
      "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d",
      "platformCustomerId": "7fc93b51-3688-4fd6-869e-89406598423d",
      "sentAmount": {
        "amount": 10000,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "receivedAmount": {
        "amount": 180707,
        "currency": {
          "code": "MXN",
          "name": "Mexican Peso",
          "symbol": "MX$",
          "decimals": 2
        }
      },
      "exchangeRate": 0.054923,
      "fees": 75,
      "quoteId": "Quote:cb0103ce-64f2-4531-a7c3-5e85ccf13e7d",
      "description": "Rent",
      "createdAt": "2026-11-23T20:47:54.972Z",
      "updatedAt": "2026-11-23T20:47:54.980Z",
      "statusHistory": [
        {
          "status": "PENDING",
          "at": "2026-11-23T20:47:54.972Z"
        }
      ],
      "settledAt": "2026-11-23T20:47:54.980Z"
    }
  },
  "listTransactions": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Transaction:182777b3-ccb6-4ebb-a2c7-e6ada111b835",
          "type": "OUTGOING",
          "direction": "DEBIT",
          "status": "COMPLETED",
          "source": {
            "sourceType": "ACCOUNT",
            "accountId": "InternalAccount:c9198839-ec2f-4d94-ba1e-f5eb776c5d6b",
            "currency": "USD"
          },
          "destination": {
            "destinationType": "ACCOUNT",
            "accountId": "ExternalAccount:6774680d-2682-4740-a492-6097ef9fd63d",
            "currency": "MXN"
          },
          "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d",
          "platformCustomerId": "7fc93b51-3688-4fd6-869e-89406598423d",
          "sentAmount": {
            "amount": 10000,
            "currency": {
              "code": "USD",
              "name": "US Dollar",
              "symbol": "$",
              "decimals": 2
            }
          },
          "receivedAmount": {
            "amount": 180707,
            "currency": {
              "code": "MXN",
              "name": "Mexican Peso",
              "symbol": "MX$",
              "decimals": 2
            }
          },
          "exchangeRate": 0.054923,
          "fees": 75,
          "quoteId": "Quote:cb0103ce-64f2-4531-a7c3-5e85ccf13e7d",
          "description": "Rent",
          "createdAt": "2026-11-23T20:47:54.972Z",
          "updatedAt": "2026-11-23T20:47:54.980Z",
          "statusHistory": [
            {
              "status": "PENDING",
              "at": "2026-11-23T20:47:54.972Z"
            }
          ],
          "settledAt": "2026-11-23T20:47:54.980Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d",
      "limit": "5"
    }
  },
  "lookupUma": {
    "status": 200,
    "response": {
      "supportedCurrencies": [
        {
          "currency": {
            "code": "USD",
            "name": "US Dollar",
            "symbol": "$",
            "decimals": 2
          },
          "estimatedExchangeRate": 1,
          "min": 1,
          "max": 100000000000
        }
      ],
      "requiredPayerDataFields": [],
      "lookupId": "Lookup:891aca86-4b5b-404f-8041-82b609b30333",
      "receiverUmaAddress": "$ritareceiver.1fb9b0@sandbox.uma.local"
    },
    "query": {
      "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d"
    }
  },
  "sandboxSend": {
    "status": 200,
    "response": {
      "id": "Transaction:97ffe732-24ac-451d-beff-b5022c9a0c94",
      "type": "INCOMING",
      "direction": "CREDIT",
      "status": "COMPLETED",
      "source": {
        "sourceType": "REALTIME_FUNDING",
        "currency": "USD",
        "customerId": "Customer:ed276bd1-7dfa-4a02-a539-81ea5b65c388"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "InternalAccount:4713b94c-e56e-4acf-b3b7-7d49a9f227c9",
        "currency": "USD"
      },
      "customerId": "Customer:ed276bd1-7dfa-4a02-a539-81ea5b65c388",
      "platformCustomerId": "ed276bd1-7dfa-4a02-a539-81ea5b65c388",
      "sentAmount": {
        "amount": 3000,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "receivedAmount": {
        "amount": 2975,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "exchangeRate": 1,
      "fees": 25,
      "quoteId": "Quote:500fb3c7-e108-4cd7-831c-85082424c26c",
      "createdAt": "2026-11-23T20:47:55.288Z",
      "updatedAt": "2026-11-23T20:47:55.289Z",
      "statusHistory": [
        {
          "status": "PENDING",
          "at": "2026-11-23T20:47:55.288Z"
        }
      ],
      "settledAt": "2026-11-23T20:47:55.289Z"
    },
    "request": {
      "quoteId": "Quote:500fb3c7-e108-4cd7-831c-85082424c26c",
      "currencyCode": "USD"
    }
  },
  "sandboxReceive": {
    "status": 200,
    "response": {
      "id": "Transaction:237ab6c0-bf5f-40ce-924a-efd0c39bb09a",
      "type": "INCOMING",
      "direction": "CREDIT",
      "status": "COMPLETED",
      "source": {
        "sourceType": "UMA_ADDRESS",
        "umaAddress": "$success.usd@sandbox.uma.local",
        "currency": "USD"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "InternalAccount:4713b94c-e56e-4acf-b3b7-7d49a9f227c9",
        "currency": "USD"
      },
      "customerId": "Customer:ed276bd1-7dfa-4a02-a539-81ea5b65c388",
      "platformCustomerId": "ed276bd1-7dfa-4a02-a539-81ea5b65c388",
      "sentAmount": {
        "amount": 700,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "receivedAmount": {
        "amount": 700,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "exchangeRate": 1,
      "createdAt": "2026-11-23T20:47:55.350Z",
      "updatedAt": "2026-11-23T20:47:55.351Z",
      "statusHistory": [
        {
          "status": "PENDING",
          "at": "2026-11-23T20:47:55.350Z"
        }
      ],
      "settledAt": "2026-11-23T20:47:55.351Z"
    },
    "request": {
      "senderUmaAddress": "$success.usd@sandbox.uma.local",
      "receiverUmaAddress": "$ritareceiver.1fb9b0@sandbox.uma.local",
      "receivingCurrencyCode": "USD",
      "receivingCurrencyAmount": 700
    }
  },
  "createTransferIn": {
    "status": 201,
    "response": {
      "id": "Transaction:c0c0dd52-3467-4562-b6d1-4c9e12f4fbb3",
      "type": "INCOMING",
      "direction": "CREDIT",
      "status": "COMPLETED",
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "ExternalAccount:bd94e119-f298-4678-9a0f-14f104762be4",
        "currency": "USD"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "InternalAccount:c9198839-ec2f-4d94-ba1e-f5eb776c5d6b",
        "currency": "USD"
      },
      "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d",
      "platformCustomerId": "7fc93b51-3688-4fd6-869e-89406598423d",
      "sentAmount": {
        "amount": 500,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "receivedAmount": {
        "amount": 500,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "createdAt": "2026-11-23T20:47:55.526Z",
      "updatedAt": "2026-11-23T20:47:55.527Z",
      "statusHistory": [
        {
          "status": "PENDING",
          "at": "2026-11-23T20:47:55.526Z"
        }
      ],
      "settledAt": "2026-11-23T20:47:55.527Z"
    },
    "request": {
      "source": {
        "accountId": "ExternalAccount:bd94e119-f298-4678-9a0f-14f104762be4"
      },
      "destination": {
        "accountId": "InternalAccount:c9198839-ec2f-4d94-ba1e-f5eb776c5d6b"
      },
      "amount": 500
    }
  },
  "createTransferOut": {
    "status": 201,
    "response": {
      "id": "Transaction:7a195d50-6990-467e-82a7-442c6f66d522",
      "type": "OUTGOING",
      "direction": "DEBIT",
      "status": "COMPLETED",
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "InternalAccount:c9198839-ec2f-4d94-ba1e-f5eb776c5d6b",
        "currency": "USD"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "ExternalAccount:bd94e119-f298-4678-9a0f-14f104762be4",
        "currency": "USD"
      },
      "customerId": "Customer:7fc93b51-3688-4fd6-869e-89406598423d",
      "platformCustomerId": "7fc93b51-3688-4fd6-869e-89406598423d",
      "sentAmount": {
        "amount": 500,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "receivedAmount": {
        "amount": 500,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "createdAt": "2026-11-23T20:47:55.661Z",
      "updatedAt": "2026-11-23T20:47:55.662Z",
      "statusHistory": [
        {
          "status": "PENDING",
          "at": "2026-11-23T20:47:55.661Z"
        }
      ],
      "settledAt": "2026-11-23T20:47:55.662Z"
    },
    "request": {
      "source": {
        "accountId": "InternalAccount:c9198839-ec2f-4d94-ba1e-f5eb776c5d6b"
      },
      "destination": {
        "accountId": "ExternalAccount:bd94e119-f298-4678-9a0f-14f104762be4"
      },
      "amount": 500
    }
  },
  "createExternalAccountOwnershipChallenge": {
    "status": 201,
    "response": {
      "method": "WALLET_SIGNATURE",
      "messageToSign": "I verify that I control the wallet 0xBA4729D31Fa81a697925f2D2575b4055eD535452. Nonce: c80c052a-eee9-4841-a3c6-0e483497db73",
      "expiresAt": "2026-11-23T20:57:56.258Z"
    },
    "request": {
      "method": "WALLET_SIGNATURE"
    }
  },
  "verifyExternalAccountOwnership": {
    "status": 200,
    "response": {
      "id": "ExternalAccount:e0989971-f3fb-4efa-9332-0f69791595d9",
      "customerId": "Customer:88581f53-3256-4505-83aa-e61afa7c24a2",
      "status": "ACTIVE",
      "ownershipType": "FIRST_PARTY",
      "currency": "USDC",
      "defaultUmaDepositAccount": false,
      "accountInfo": {
        "accountType": "ETHEREUM_WALLET",
        "address": "0xBA4729D31Fa81a697925f2D2575b4055eD535452"
      },
      "createdAt": "2026-11-23T20:47:56.256Z",
      "updatedAt": "2026-11-23T20:47:56.362Z"
    },
    "request": {
      "signature": "0x3223eb12ccb8fd14185ab247d9922304b10e923ed5eecbf4f40756d81ae507b124f37d5e1907ff03cae8df2c94164c69d0cb9be0b6cf65afb82629d7a6e4a6f91b"
    }
  },
  "createPlatformExternalAccountOwnershipChallenge": {
    "status": 201,
    "response": {
      "method": "WALLET_SIGNATURE",
      "messageToSign": "I verify that I control the wallet 0x6a65dc4951Fe49a72b618930825D81A22Ff21D06. Nonce: 750bcad7-8ae9-4b5c-87ff-507851137352",
      "expiresAt": "2026-11-23T20:57:56.406Z"
    },
    "request": {
      "method": "WALLET_SIGNATURE"
    }
  },
  "verifyPlatformExternalAccountOwnership": {
    "status": 200,
    "response": {
      "id": "ExternalAccount:cb4030ad-500e-44fa-866b-d562636eefb8",
      "status": "ACTIVE",
      "ownershipType": "FIRST_PARTY",
      "currency": "USDC",
      "defaultUmaDepositAccount": false,
      "accountInfo": {
        "accountType": "ETHEREUM_WALLET",
        "address": "0x6a65dc4951Fe49a72b618930825D81A22Ff21D06"
      },
      "createdAt": "2026-11-23T20:47:56.402Z",
      "updatedAt": "2026-11-23T20:47:56.473Z"
    },
    "request": {
      "signature": "0x39e565614657b8e7bebfb6b6ac1b8bd12264db33140072718d51796d75f729d2730165ed5be172e371ae1b873d69177275a8e12097c8afc2e4580e24a4d24dcf1c"
    }
  },
  "listAuthCredentials": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "AuthMethod:fed03e17-c1a7-45ba-b66e-a3266bd0692f",
          "accountId": "InternalAccount:8ae39858-98e1-4c06-874f-01c9db87f6fe",
          "type": "EMAIL_OTP",
          "nickname": "owen@example.com",
          "createdAt": "2026-11-23T20:47:56.597Z",
          "updatedAt": "2026-11-23T20:47:56.597Z"
        }
      ]
    },
    "query": {
      "accountId": "InternalAccount:8ae39858-98e1-4c06-874f-01c9db87f6fe"
    }
  },
  "challengeAuthCredential": {
    "status": 200,
    "response": {
      "id": "AuthMethod:fed03e17-c1a7-45ba-b66e-a3266bd0692f",
      "accountId": "InternalAccount:8ae39858-98e1-4c06-874f-01c9db87f6fe",
      "type": "EMAIL_OTP",
      "nickname": "owen@example.com",
      "createdAt": "2026-11-23T20:47:56.597Z",
      "updatedAt": "2026-11-23T20:47:56.597Z",
      "otpEncryptionTargetBundle": "{\"version\":\"v1.0.0\",\"data\":\"7b227461726765745075626c6963223a2230343738643435343331356265653136316534353535363630363131333735656362366438323032623263663539613533656665623064663034386261323238333065343030393866643632366233313236303232366339613361626361616532313831323263353333623033633966633132313939353030636231346163343230227d\",\"dataSignature\":\"3045022100bae098df0814fb5a9a147d28692cf1b262b7b4e68c56ad884f7cbb0578ac3a1902205e3af59e817fd82da0dac05f8c14f335b9035ee16e19f88bccaaa5b8d4249625\",\"enclaveQuorumPublic\":\"04c9aec8ce26c3afb67bcdb22f9f9e78fce75aca4942badd5aaabab4a2da613bd52a0b3fd19dd24fd0e2b3cbe52efbdc0312dfed98b31516f350eadba43a9bcda1\"}"
    },
    "request": {}
  },
  "verifyAuthCredential": {
    "status": 200,
    "response": {
      "id": "Session:4661758d-eef2-4e83-8584-3c56a017b233",
      "accountId": "InternalAccount:8ae39858-98e1-4c06-874f-01c9db87f6fe",
      "type": "EMAIL_OTP",
      "nickname": "owen@example.com",
      "createdAt": "2026-11-23T20:47:57.419Z",
      "updatedAt": "2026-11-23T20:47:57.419Z",
      "expiresAt": "2026-11-23T21:02:57.419Z"
    },
    "request": {
      "type": "EMAIL_OTP",
      "encryptedOtpBundle": "{\"encappedPublic\":\"041d3bb7b360b55291db4aed78f86bb561b22c805f8d3c88f05d904cee66d752d221009ddc9a487af806c52ea4d2200021c03e8c1ae86f1bab24ae041926743a94\",\"ciphertext\":\"6465cec7a67e2e34f270a66e2e6f2066445dd574dfa7f55a572f60b7b23f8072470621b5f818981b85bb9e5266c41b62f51327766f6d2c11f7adda036c93629a5e9fdef0c72b2324714cd4464f7676fe01ad1be6aa92889fbe3bd19f0a891d37d8a5d85e5e06a01ac6b5922b44969b3131f9b26270140e\"}"
    }
  },
  "listAuthSessions": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Session:4661758d-eef2-4e83-8584-3c56a017b233",
          "accountId": "InternalAccount:8ae39858-98e1-4c06-874f-01c9db87f6fe",
          "type": "EMAIL_OTP",
          "nickname": "owen@example.com",
          "createdAt": "2026-11-23T20:47:57.419Z",
          "updatedAt": "2026-11-23T20:47:57.419Z",
          "expiresAt": "2026-11-23T21:02:57.419Z"
        }
      ]
    },
    "query": {
      "accountId": "InternalAccount:8ae39858-98e1-4c06-874f-01c9db87f6fe"
    }
  },
  "createAuthCredential": {
    "status": 201,
    "response": {
      "id": "AuthMethod:5e344d89-e780-484c-af70-7bb894ac5c19",
      "accountId": "InternalAccount:8ae39858-98e1-4c06-874f-01c9db87f6fe",
      "type": "OAUTH",
      "nickname": "owen@example.com",
      "createdAt": "2026-11-23T20:47:57.570Z",
      "updatedAt": "2026-11-23T20:47:57.570Z"
    },
    "request": {
      "type": "OAUTH",
      "accountId": "InternalAccount:8ae39858-98e1-4c06-874f-01c9db87f6fe",
      "oidcToken": "eyJhbGciOiJub25lIn0.eyJpc3MiOiJodHRwczovL2FjY291bnRzLmdvb2dsZS5jb20iLCJhdWQiOiJwYXlzYW5kYm94LWNsaWVudCIsInN1YiI6InNhbmRib3gtdXNlciIsImVtYWlsIjoib3dlbkBleGFtcGxlLmNvbSIsImlhdCI6MTc5NTQ2Njg3NywiZXhwIjoxNzk1NDY3NDc3fQ.c2FuZGJveA"
    }
  },
  "updateInternalAccount": {
    "status": 200,
    "response": {
      "id": "InternalAccount:8ae39858-98e1-4c06-874f-01c9db87f6fe",
      "customerId": "Customer:d2c7c341-240b-451a-9223-0dbf416dc2d3",
      "type": "EMBEDDED_WALLET",
      "status": "ACTIVE",
      "fundingPaymentInstructions": [
        {
          "instructionsNotes": "Include the reference so the deposit is credited to this account.",
          "isPlatformAccount": false,
          "accountOrWalletInfo": {
            "accountType": "USD_ACCOUNT",
            "accountNumber": "798948352078",
            "routingNumber": "021297656",
            "bankName": "Sandbox Bank",
            "paymentRails": [
              "ACH"
            ],
            "reference": "PSBHNFTUKP3"
          }
        }
      ],
      "createdAt": "2026-11-23T20:47:56.597Z",
      "updatedAt": "2026-11-23T20:47:57.868Z",
      "privateEnabled": true,
      "balance": {
        "amount": 0,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "totalBalance": {
        "amount": 0,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      }
    },
    "request": {
      "privateEnabled": true
    }
  },
  "exportInternalAccount": {
    "status": 200,
    "response": {
      "id": "InternalAccount:8ae39858-98e1-4c06-874f-01c9db87f6fe",
      "encryptedWalletCredentials": "{\"version\":\"v1.0.0\",\"data\":\"7b22656e6361707065645075626c6963223a2230346634323063666165626339326530383761383832333131393963663639646337346139363731303762303936383463323134353766326663323831626361623335623165393739383739306362613833336531653839373863373562306266313735636131323364383462663364363865316635636464396265376432613263222c2263697068657274657874223a22383161626437613033336564396465393334323063663238316166386363363239633031373164613034336132313762633835343431346638396638316533363734353861383665383866613964373562663331363230363634643933613163636464616536643930636564663839373533613331366166303861323034363338366432343530303333633261623532346434663836393362306333336231343162656532393136313137356233222c226f7267616e697a6174696f6e4964223a226578616d706c652d33227d\",\"dataSignature\":\"3045022100f00db3de4f821549a349fc724da913bd5b4e9b865c794f39f02e05c96759ad6102202ac126788387127fe6cab75705fd237ab083a4efa73350602a46c79c6138d360\",\"enclaveQuorumPublic\":\"04c9aec8ce26c3afb67bcdb22f9f9e78fce75aca4942badd5aaabab4a2da613bd52a0b3fd19dd24fd0e2b3cbe52efbdc0312dfed98b31516f350eadba43a9bcda1\"}"
    },
    "request": {
      "clientPublicKey": "04a9cddf6048ba2464223e4b463fff9f36d58cca49d1a2a32eae0dd5bf5e2652b6f5c8d6d60868605d287e2229e3ebd2656718dd028fec3a3861b84db3d609b3c5"
    }
  },
  "refreshAuthSession": {
    "status": 201,
    "response": {
      "id": "Session:d0701fa7-a9cc-4782-8224-92248286d94a",
      "accountId": "InternalAccount:8ae39858-98e1-4c06-874f-01c9db87f6fe",
      "type": "EMAIL_OTP",
      "nickname": "owen@example.com",
      "createdAt": "2026-11-23T20:47:57.974Z",
      "updatedAt": "2026-11-23T20:47:57.974Z",
      "expiresAt": "2026-11-23T21:02:57.974Z"
    },
    "request": {
      "clientPublicKey": "035db64ef65bafb115b177ce47a27fbb61c9624261033985bb8c19f3982512b556"
    }
  },
  "revokeAuthCredential": {
    "status": 202,
    "response": {
      "payloadToSign": "{\"organizationId\":\"example-3\",\"type\":\"ACTIVITY_TYPE_REVOKE_CREDENTIAL\",\"timestampMs\":\"1795466877984\",\"parameters\":{\"requestId\":\"Request:8874643b-6805-4148-89c9-b70692de5838\",\"walletId\":\"InternalAccount:8ae39858-98e1-4c06-874f-01c9db87f6fe\",\"method\":\"DELETE\",\"path\":\"/2025-10-13/auth/credentials/AuthMethod:5e344d89-e780-484c-af70-7bb894ac5c19\",\"bodySha256\":\"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\",\"expiresAt\":\"2026-11-23T20:52:57.984Z\"}}",
      "requestId": "Request:8874643b-6805-4148-89c9-b70692de5838",
      "expiresAt": "2026-11-23T20:52:57.984Z",
      "type": "OAUTH"
    }
  },
  "revokeAuthSession": {
    "status": 202,
    "response": {
      "payloadToSign": "{\"organizationId\":\"example-3\",\"type\":\"ACTIVITY_TYPE_REVOKE_SESSION\",\"timestampMs\":\"1795466878032\",\"parameters\":{\"requestId\":\"Request:4bb94722-40eb-44c5-a475-cd35593b9e07\",\"walletId\":\"InternalAccount:8ae39858-98e1-4c06-874f-01c9db87f6fe\",\"method\":\"DELETE\",\"path\":\"/2025-10-13/auth/sessions/Session:d0701fa7-a9cc-4782-8224-92248286d94a\",\"bodySha256\":\"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\",\"expiresAt\":\"2026-11-23T20:52:58.032Z\"}}",
      "requestId": "Request:4bb94722-40eb-44c5-a475-cd35593b9e07",
      "expiresAt": "2026-11-23T20:52:58.032Z",
      "type": "EMAIL_OTP"
    }
  },
  "createCard": {
    "status": 201,
    "response": {
      "id": "Card:d722aaeb-3c05-44bd-8c6c-a07b1584af96",
      "customerId": "Customer:b72357fb-af5d-48ed-920a-22a69f41d266",
      "status": "PROCESSING",
      "brand": "VISA",
      "form": "VIRTUAL",
      "last4": "3213",
      "expMonth": 11,
      "expYear": 2029,
      "fundingSource": "InternalAccount:eb44b023-6c9a-4a7c-8e6b-71d4363f9789",
      "currency": "USD",
      "platformCardId": "d722aaeb-3c05-44bd-8c6c-a07b1584af96",
      "processorRef": "proc_f7ae164e5602fee76a27",
      "issuerRef": "iss_c6f4ab45efd3f97a42d8",
      "createdAt": "2026-11-23T20:47:58.175Z",
      "updatedAt": "2026-11-23T20:47:58.175Z"
    },
    "request": {
      "customerId": "Customer:b72357fb-af5d-48ed-920a-22a69f41d266",
      "form": "VIRTUAL",
      "fundingSource": "InternalAccount:eb44b023-6c9a-4a7c-8e6b-71d4363f9789"
    }
  },
  "listCards": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Card:d722aaeb-3c05-44bd-8c6c-a07b1584af96",
          "customerId": "Customer:b72357fb-af5d-48ed-920a-22a69f41d266",
          "status": "ACTIVE",
          "brand": "VISA",
          "form": "VIRTUAL",
          "last4": "3213",
          "expMonth": 11,
          "expYear": 2029,
          "fundingSource": "InternalAccount:eb44b023-6c9a-4a7c-8e6b-71d4363f9789",
          "currency": "USD",
          "platformCardId": "d722aaeb-3c05-44bd-8c6c-a07b1584af96",
          "processorRef": "proc_f7ae164e5602fee76a27",
          "issuerRef": "iss_c6f4ab45efd3f97a42d8",
          "createdAt": "2026-11-23T20:47:58.175Z",
          "updatedAt": "2026-11-23T20:48:03.175Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "customerId": "Customer:b72357fb-af5d-48ed-920a-22a69f41d266"
    }
  },
  "getCardById": {
    "status": 200,
    "response": {
      "id": "Card:d722aaeb-3c05-44bd-8c6c-a07b1584af96",
      "customerId": "Customer:b72357fb-af5d-48ed-920a-22a69f41d266",
      "status": "ACTIVE",
      "brand": "VISA",
      "form": "VIRTUAL",
      "last4": "3213",
      "expMonth": 11,
      "expYear": 2029,
      "fundingSource": "InternalAccount:eb44b023-6c9a-4a7c-8e6b-71d4363f9789",
      "currency": "USD",
      "platformCardId": "d722aaeb-3c05-44bd-8c6c-a07b1584af96",
      "processorRef": "proc_f7ae164e5602fee76a27",
      "issuerRef": "iss_c6f4ab45efd3f97a42d8",
      "createdAt": "2026-11-23T20:47:58.175Z",
      "updatedAt": "2026-11-23T20:48:03.175Z"
    }
  },
  "revealCard": {
    "status": 200,
    "response": {
      "panEmbedUrl": "http://localhost/hosted/cards/ZXhhbXBsZS00.zqG7zGAH8dm3oUOUo12tZpggt7SUQC4T",
      "expiresAt": "2026-11-23T20:49:03.452Z"
    }
  },
  "sandboxSimulateCardAuthorization": {
    "status": 200,
    "response": {
      "id": "Transaction:a6b7d199-5e83-4f20-aa98-048fc35fd2cc",
      "type": "CARD",
      "direction": "DEBIT",
      "status": "AUTHORIZED",
      "cardId": "Card:d722aaeb-3c05-44bd-8c6c-a07b1584af96",
      "customerId": "Customer:b72357fb-af5d-48ed-920a-22a69f41d266",
      "platformCustomerId": "b72357fb-af5d-48ed-920a-22a69f41d266",
      "accountId": "InternalAccount:eb44b023-6c9a-4a7c-8e6b-71d4363f9789",
      "merchant": {
        "descriptor": "COFFEE SHOP 000",
        "mcc": "5814",
        "country": "US"
      },
      "authorizedAmount": 2500,
      "issuerTransactionToken": "itt_cbadsum6BP9AGpjDEtQN",
      "authorizedAt": "2026-11-23T20:48:03.523Z",
      "lastEventAt": "2026-11-23T20:48:03.523Z",
      "createdAt": "2026-11-23T20:48:03.523Z",
      "updatedAt": "2026-11-23T20:48:03.523Z",
      "currency": {
        "code": "USD",
        "name": "US Dollar",
        "symbol": "$",
        "decimals": 2
      },
      "pullSummary": {
        "count": 1,
        "totalAmount": 2500,
        "pendingCount": 0
      }
    },
    "request": {
      "amount": 2500,
      "currency": {
        "code": "USD"
      },
      "merchant": {
        "descriptor": "COFFEE SHOP 000",
        "mcc": "5814",
        "country": "US"
      }
    }
  },
  "sandboxSimulateCardClearing": {
    "status": 200,
    "response": {
      "id": "Transaction:a6b7d199-5e83-4f20-aa98-048fc35fd2cc",
      "type": "CARD",
      "direction": "DEBIT",
      "status": "SETTLED",
      "cardId": "Card:d722aaeb-3c05-44bd-8c6c-a07b1584af96",
      "customerId": "Customer:b72357fb-af5d-48ed-920a-22a69f41d266",
      "platformCustomerId": "b72357fb-af5d-48ed-920a-22a69f41d266",
      "accountId": "InternalAccount:eb44b023-6c9a-4a7c-8e6b-71d4363f9789",
      "merchant": {
        "descriptor": "COFFEE SHOP 000",
        "mcc": "5814",
        "country": "US"
      },
      "authorizedAmount": 2500,
      "issuerTransactionToken": "itt_cbadsum6BP9AGpjDEtQN",
      "authorizedAt": "2026-11-23T20:48:03.523Z",
      "lastEventAt": "2026-11-23T20:48:03.601Z",
      "createdAt": "2026-11-23T20:48:03.523Z",
      "updatedAt": "2026-11-23T20:48:03.601Z",
      "settledAmount": 2500,
      "settlementSummary": {
        "count": 1,
        "totalAmount": 2500
      },
      "currency": {
        "code": "USD",
        "name": "US Dollar",
        "symbol": "$",
        "decimals": 2
      },
      "pullSummary": {
        "count": 1,
        "totalAmount": 2500,
        "pendingCount": 0
      }
    },
    "request": {
      "cardTransactionId": "Transaction:a6b7d199-5e83-4f20-aa98-048fc35fd2cc",
      "amount": 2500
    }
  },
  "sandboxSimulateCardReturn": {
    "status": 202,
    "response": {
      "id": "Transaction:893b4e62-8999-4f5d-bc23-8cfa1a198e24",
      "type": "CARD",
      "direction": "CREDIT",
      "status": "SETTLED",
      "cardId": "Card:d722aaeb-3c05-44bd-8c6c-a07b1584af96",
      "customerId": "Customer:b72357fb-af5d-48ed-920a-22a69f41d266",
      "platformCustomerId": "b72357fb-af5d-48ed-920a-22a69f41d266",
      "accountId": "InternalAccount:eb44b023-6c9a-4a7c-8e6b-71d4363f9789",
      "merchant": {
        "descriptor": "COFFEE SHOP 000",
        "mcc": "5814",
        "country": "US"
      },
      "authorizedAmount": 500,
      "settledAmount": 500,
      "settlementSummary": {
        "count": 1,
        "totalAmount": 500
      },
      "originalTransactionId": "Transaction:a6b7d199-5e83-4f20-aa98-048fc35fd2cc",
      "issuerTransactionToken": "itt_guYCxci0_-CxvvG_01-r",
      "authorizedAt": "2026-11-23T20:48:03.646Z",
      "lastEventAt": "2026-11-23T20:48:03.646Z",
      "createdAt": "2026-11-23T20:48:03.646Z",
      "updatedAt": "2026-11-23T20:48:03.646Z",
      "currency": {
        "code": "USD",
        "name": "US Dollar",
        "symbol": "$",
        "decimals": 2
      },
      "pullSummary": {
        "count": 0,
        "totalAmount": 0,
        "pendingCount": 0
      }
    },
    "request": {
      "cardTransactionId": "Transaction:a6b7d199-5e83-4f20-aa98-048fc35fd2cc",
      "amount": 500
    }
  },
  "listCardTransactions": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Transaction:893b4e62-8999-4f5d-bc23-8cfa1a198e24",
          "type": "CARD",
          "direction": "CREDIT",
          "status": "SETTLED",
          "cardId": "Card:d722aaeb-3c05-44bd-8c6c-a07b1584af96",
          "customerId": "Customer:b72357fb-af5d-48ed-920a-22a69f41d266",
          "platformCustomerId": "b72357fb-af5d-48ed-920a-22a69f41d266",
          "accountId": "InternalAccount:eb44b023-6c9a-4a7c-8e6b-71d4363f9789",
          "merchant": {
            "descriptor": "COFFEE SHOP 000",
            "mcc": "5814",
            "country": "US"
          },
          "authorizedAmount": 500,
          "settledAmount": 500,
          "settlementSummary": {
            "count": 1,
            "totalAmount": 500
          },
          "originalTransactionId": "Transaction:a6b7d199-5e83-4f20-aa98-048fc35fd2cc",
          "issuerTransactionToken": "itt_guYCxci0_-CxvvG_01-r",
          "authorizedAt": "2026-11-23T20:48:03.646Z",
          "lastEventAt": "2026-11-23T20:48:03.646Z",
          "createdAt": "2026-11-23T20:48:03.646Z",
          "updatedAt": "2026-11-23T20:48:03.646Z",
          "currency": {
            "code": "USD",
            "name": "US Dollar",
            "symbol": "$",
            "decimals": 2
          },
          "pullSummary": {
            "count": 0,
            "totalAmount": 0,
            "pendingCount": 0
          }
        }
      ],
      "hasMore": false,
      "totalCount": 2
    },
    "query": {
      "limit": "10"
    }
  },
  "updateCardById": {
    "status": 200,
    "response": {
      "id": "Card:d722aaeb-3c05-44bd-8c6c-a07b1584af96",
      "customerId": "Customer:b72357fb-af5d-48ed-920a-22a69f41d266",
      "status": "FROZEN",
      "brand": "VISA",
      "form": "VIRTUAL",
      "last4": "3213",
      "expMonth": 11,
      "expYear": 2029,
      "fundingSource": "InternalAccount:eb44b023-6c9a-4a7c-8e6b-71d4363f9789",
      "currency": "USD",
      "platformCardId": "d722aaeb-3c05-44bd-8c6c-a07b1584af96",
      "processorRef": "proc_f7ae164e5602fee76a27",
      "issuerRef": "iss_c6f4ab45efd3f97a42d8",
      "createdAt": "2026-11-23T20:47:58.175Z",
      "updatedAt": "2026-11-23T20:48:03.718Z"
    },
    "request": {
      "status": "FROZEN"
    }
  },
  "createToken": {
    "status": 201,
    "request": {
      "name": "CI read-only",
      "permissions": [
        "VIEW"
      ]
    },
    "response": {
      "id": "Token:0af68117-c62e-4189-aa60-4ca4f64bc8d6",
      "name": "CI read-only",
      "permissions": [
        "VIEW"
      ],
      "clientId": "tok_ZXhhbXBsZXM.i9XmEpVT06rtajEZdO5wwK3I",
      "createdAt": "2026-11-23T21:39:55.205Z",
      "updatedAt": "2026-11-23T21:39:55.205Z",
      "clientSecret": "WTnXZDsO9xipKzRbMeC8RXz5DmEmoThmOOyemL9lX5I"
    }
  },
  "listTokens": {
    "status": 200,
    "query": {
      "limit": "10"
    },
    "response": {
      "data": [
        {
          "id": "Token:0af68117-c62e-4189-aa60-4ca4f64bc8d6",
          "name": "CI read-only",
          "permissions": [
            "VIEW"
          ],
          "clientId": "tok_ZXhhbXBsZXM.i9XmEpVT06rtajEZdO5wwK3I",
          "createdAt": "2026-11-23T21:39:55.205Z",
          "updatedAt": "2026-11-23T21:39:55.205Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    }
  },
  "getAvailableUmaProviders": {
    "status": 200,
    "query": {
      "countryCode": "US",
      "limit": "5"
    },
    "response": {
      "data": [
        {
          "name": "Sandbox Wallet US",
          "supportedRegions": [
            "US"
          ],
          "domain": "uma.wallet-us.sandbox.example",
          "supportedCurrencies": [
            {
              "code": "USD",
              "name": "US Dollar",
              "symbol": "$",
              "decimals": 2
            },
            {
              "code": "USDC",
              "name": "USD Coin",
              "symbol": "USDC",
              "decimals": 6
            }
          ],
          "lei": "5493000SBXWALLETUS51",
          "allowListStatus": true
        }
      ],
      "hasMore": false,
      "totalCount": 3
    }
  },
  "listVasps": {
    "status": 200,
    "query": {
      "limit": "5"
    },
    "response": {
      "data": [
        {
          "vaspName": "Sandbox Coin Custody",
          "url": "https://coin-custody.sandbox.example"
        }
      ],
      "hasMore": true,
      "totalCount": 8,
      "nextCursor": "dmFzcHM6NQ"
    }
  },
  "createInvitation": {
    "status": 201,
    "request": {
      "inviterUma": "$ivy@sandbox.uma.local",
      "firstName": "Bob",
      "amountToSend": 1000
    },
    "response": {
      "code": "ZXhhbXBsZXM.aJoy-Sds-i",
      "createdAt": "2026-11-23T21:39:57.003Z",
      "url": "https://sandbox.uma.local/invitations/ZXhhbXBsZXM.aJoy-Sds-i",
      "inviterUma": "$ivy@sandbox.uma.local",
      "status": "PENDING",
      "firstName": "Bob",
      "amountToSend": {
        "amount": 1000,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      }
    }
  },
  "listInvitations": {
    "status": 200,
    "query": {
      "status": "PENDING"
    },
    "response": {
      "data": [
        {
          "code": "ZXhhbXBsZXM.aJoy-Sds-i",
          "createdAt": "2026-11-23T21:39:57.003Z",
          "url": "https://sandbox.uma.local/invitations/ZXhhbXBsZXM.aJoy-Sds-i",
          "inviterUma": "$ivy@sandbox.uma.local",
          "status": "PENDING",
          "firstName": "Bob",
          "amountToSend": {
            "amount": 1000,
            "currency": {
              "code": "USD",
              "name": "US Dollar",
              "symbol": "$",
              "decimals": 2
            }
          }
        }
      ],
      "hasMore": false,
      "totalCount": 1
    }
  },
  "claimInvitation": {
    "status": 200,
    "request": {
      "inviteeUma": "$bob@other.example"
    },
    "response": {
      "code": "ZXhhbXBsZXM.aJoy-Sds-i",
      "createdAt": "2026-11-23T21:39:57.003Z",
      "url": "https://sandbox.uma.local/invitations/ZXhhbXBsZXM.aJoy-Sds-i",
      "inviterUma": "$ivy@sandbox.uma.local",
      "status": "CLAIMED",
      "firstName": "Bob",
      "inviteeUma": "$bob@other.example",
      "claimedAt": "2026-11-23T21:39:57.179Z",
      "amountToSend": {
        "amount": 1000,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      }
    }
  },
  "estimateCryptoWithdrawalFee": {
    "status": 200,
    "request": {
      "internalAccountId": "InternalAccount:9dc876b4-b664-4061-a7bb-b425084c5198",
      "currency": "USDC",
      "cryptoNetwork": "SOLANA",
      "amount": 1000000,
      "destinationAddress": "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"
    },
    "response": {
      "networkFee": 5000,
      "networkFeeAsset": "SOL",
      "applicationFee": 0,
      "totalFee": 747,
      "netAmount": 999253
    }
  },
  "approvePendingPayment": {
    "status": 200,
    "request": {
      "receiverCustomerInfo": {
        "FULL_NAME": "Ivy Inviter"
      }
    },
    "response": {
      "id": "Transaction:ee91d7cd-9a25-4c35-9bba-f8773c29463a",
      "type": "INCOMING",
      "direction": "CREDIT",
      "status": "COMPLETED",
      "source": {
        "sourceType": "UMA_ADDRESS",
        "umaAddress": "$pending.approval@elsewhere.example",
        "currency": "USD"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "InternalAccount:66e5d939-88b0-48be-8814-a23f5947a1a5",
        "currency": "USD"
      },
      "customerId": "Customer:bd2d1c89-25ff-49f2-81b0-db99b5cc2b60",
      "platformCustomerId": "bd2d1c89-25ff-49f2-81b0-db99b5cc2b60",
      "sentAmount": {
        "amount": 700,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "receivedAmount": {
        "amount": 700,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "exchangeRate": 1,
      "createdAt": "2026-11-23T21:39:57.442Z",
      "updatedAt": "2026-11-23T21:39:57.770Z",
      "statusHistory": [
        {
          "status": "PENDING",
          "at": "2026-11-23T21:39:57.442Z"
        },
        {
          "status": "COMPLETED",
          "at": "2026-11-23T21:39:57.770Z"
        }
      ],
      "approval": {
        "status": "APPROVED",
        "decideBy": "2026-11-23T21:40:02.442Z",
        "decidedAt": "2026-11-23T21:39:57.769Z"
      },
      "receiverCustomerInfo": {
        "FULL_NAME": "Ivy Inviter"
      },
      "settledAt": "2026-11-23T21:39:57.770Z"
    }
  },
  "cancelTransaction": {
    "status": 200,
    "request": {
      "reason": "Sent by mistake"
    },
    "response": {
      "id": "Transaction:26d88089-3298-4084-8ab0-dc19682c39fa",
      "type": "OUTGOING",
      "direction": "DEBIT",
      "status": "FAILED",
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "InternalAccount:66e5d939-88b0-48be-8814-a23f5947a1a5",
        "currency": "USD"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "ExternalAccount:7ff8c617-e4de-498e-92b8-da0722dc6861",
        "currency": "USD"
      },
      "customerId": "Customer:bd2d1c89-25ff-49f2-81b0-db99b5cc2b60",
      "platformCustomerId": "bd2d1c89-25ff-49f2-81b0-db99b5cc2b60",
      "sentAmount": {
        "amount": 500,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "receivedAmount": {
        "amount": 500,
        "currency": {
          "code": "USD",
          "name": "US Dollar",
          "symbol": "$",
          "decimals": 2
        }
      },
      "createdAt": "2026-11-23T21:39:59.392Z",
      "updatedAt": "2026-11-23T21:39:59.491Z",
      "statusHistory": [
        {
          "status": "PENDING",
          "at": "2026-11-23T21:39:59.392Z"
        },
        {
          "status": "PROCESSING",
          "at": "2026-11-23T21:39:59.392Z"
        },
        {
          "status": "FAILED",
          "at": "2026-11-23T21:39:59.491Z"
        }
      ],
      "cancellation": {
        "cancelledAt": "2026-11-23T21:39:59.491Z",
        "reason": "Sent by mistake"
      },
      "failureMessage": "Cancelled by the platform: Sent by mistake"
    }
  },
  "createDelegatedKey": {
    "status": 201,
    "request": {
      "cardId": "Card:aa10ebe1-f18a-413c-b4bc-8d9035704968",
      "internalAccountId": "InternalAccount:54dc53a7-c480-4b48-951d-4032f816f714",
      "nickname": "Card signer"
    },
    "response": {
      "id": "DelegatedKey:2b368aaf-c7c3-4525-ab01-222dab727863",
      "cardId": "Card:aa10ebe1-f18a-413c-b4bc-8d9035704968",
      "fundingSourceId": "InternalAccount:54dc53a7-c480-4b48-951d-4032f816f714",
      "accountId": "InternalAccount:54dc53a7-c480-4b48-951d-4032f816f714",
      "publicKey": "034bae62d03801ccac9b4a3e314f9b975709c06a20e8b3cd7ed153581c0a1f5cd5",
      "nickname": "Card signer",
      "status": "ACTIVE",
      "createdAt": "2026-11-23T21:40:05.304Z",
      "updatedAt": "2026-11-23T21:40:05.322Z"
    }
  },
  "listDelegatedKeys": {
    "status": 200,
    "query": {
      "accountId": "InternalAccount:54dc53a7-c480-4b48-951d-4032f816f714"
    },
    "response": {
      "data": [
        {
          "id": "DelegatedKey:2b368aaf-c7c3-4525-ab01-222dab727863",
          "cardId": "Card:aa10ebe1-f18a-413c-b4bc-8d9035704968",
          "fundingSourceId": "InternalAccount:54dc53a7-c480-4b48-951d-4032f816f714",
          "accountId": "InternalAccount:54dc53a7-c480-4b48-951d-4032f816f714",
          "publicKey": "034bae62d03801ccac9b4a3e314f9b975709c06a20e8b3cd7ed153581c0a1f5cd5",
          "nickname": "Card signer",
          "status": "ACTIVE",
          "createdAt": "2026-11-23T21:40:05.304Z",
          "updatedAt": "2026-11-23T21:40:05.322Z"
        }
      ]
    }
  },
  "sandboxSimulateCardBalanceInquiry": {
    "status": 202,
    "request": {
      "merchant": {
        "descriptor": "GROCER 000",
        "mcc": "5411",
        "country": "US"
      }
    },
    "response": {
      "id": "Transaction:985ba1e5-6f24-4507-9b22-345e080b16c8",
      "type": "CARD",
      "cardId": "Card:aa10ebe1-f18a-413c-b4bc-8d9035704968",
      "customerId": "Customer:a68b7e4d-f75c-451d-a087-dd3e1c3e0856",
      "platformCustomerId": "a68b7e4d-f75c-451d-a087-dd3e1c3e0856",
      "accountId": "InternalAccount:54dc53a7-c480-4b48-951d-4032f816f714",
      "direction": "DEBIT",
      "status": "AUTHORIZED",
      "networkMessage": "BALANCE_INQUIRY",
      "merchant": {
        "descriptor": "GROCER 000",
        "mcc": "5411",
        "country": "US"
      },
      "authorizedAmount": 0,
      "issuerTransactionToken": "itt_dyPhnNpLkvB1_GgT-ZVS",
      "authorizedAt": "2026-11-23T21:40:06.051Z",
      "lastEventAt": "2026-11-23T21:40:06.051Z",
      "createdAt": "2026-11-23T21:40:06.051Z",
      "updatedAt": "2026-11-23T21:40:06.051Z",
      "currency": {
        "code": "USD",
        "name": "US Dollar",
        "symbol": "$",
        "decimals": 2
      },
      "pullSummary": {
        "count": 0,
        "totalAmount": 0,
        "pendingCount": 0
      }
    }
  },
  "listScaFactors": {
    "status": 200,
    "query": {
      "customerId": "Customer:3c7d2a9e-5b1f-4c8e-9a6d-2f4b8e1c7a35"
    },
    "response": {
      "factors": [
        {
          "factor": "SMS_OTP",
          "name": "+4915123456789"
        },
        {
          "factor": "TOTP",
          "name": "Authenticator app"
        }
      ]
    }
  },
  "uploadCustomersCsv": {
    "status": 202,
    "request": {
      "file": "(the CSV file bytes)"
    },
    "response": {
      "jobId": "Job:8d1e4f2a-6b3c-4a7e-9f05-1c2d3e4f5a6b",
      "status": "PENDING"
    }
  },
  "linkStablecoinProviderAccount": {
    "status": 201,
    "request": {
      "provider": "BRALE",
      "apiClientId": "provider_client_123",
      "apiClientSecret": "provider_secret_456"
    },
    "response": {
      "id": "StablecoinProviderAccount:f22379b8-a1bd-47c8-ae5c-b0829b25e219",
      "provider": "BRALE",
      "providerAccountId": "FQDeBLpgiMT2-YTM6mk4YMWsuIU",
      "providerEnvironment": "SANDBOX",
      "status": "ACTIVE",
      "lastVerifiedAt": "2026-11-23T21:40:14.008Z",
      "createdAt": "2026-11-23T21:40:14.008Z",
      "updatedAt": "2026-11-23T21:40:14.008Z"
    }
  },
  "listStablecoinProviderAccounts": {
    "status": 200,
    "query": {
      "status": "ACTIVE",
      "limit": "10"
    },
    "response": {
      "data": [
        {
          "id": "StablecoinProviderAccount:f22379b8-a1bd-47c8-ae5c-b0829b25e219",
          "provider": "BRALE",
          "providerAccountId": "FQDeBLpgiMT2-YTM6mk4YMWsuIU",
          "providerEnvironment": "SANDBOX",
          "status": "ACTIVE",
          "lastVerifiedAt": "2026-11-23T21:40:14.008Z",
          "createdAt": "2026-11-23T21:40:14.008Z",
          "updatedAt": "2026-11-23T21:40:14.008Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    }
  },
  "getStablecoinProviderAccount": {
    "status": 200,
    "response": {
      "id": "StablecoinProviderAccount:f22379b8-a1bd-47c8-ae5c-b0829b25e219",
      "provider": "BRALE",
      "providerAccountId": "FQDeBLpgiMT2-YTM6mk4YMWsuIU",
      "providerEnvironment": "SANDBOX",
      "status": "ACTIVE",
      "lastVerifiedAt": "2026-11-23T21:40:14.008Z",
      "createdAt": "2026-11-23T21:40:14.008Z",
      "updatedAt": "2026-11-23T21:40:14.008Z"
    }
  },
  "registerStablecoin": {
    "status": 201,
    "request": {
      "providerTokenIdentifier": "ACME",
      "networkTokenIdentifier": "btkn1qw508d6qejxtdg4y5r3zarvary0c5xw7k",
      "network": "SPARK",
      "stablecoinProviderAccountId": "StablecoinProviderAccount:f22379b8-a1bd-47c8-ae5c-b0829b25e219"
    },
    "response": {
      "id": "Stablecoin:ee51da2b-8da3-480c-a3b3-325280dc0934",
      "name": "ACME Stablecoin",
      "symbol": "ACME",
      "baseCurrency": "USD",
      "network": "SPARK",
      "decimals": 6,
      "issuanceStatus": "PENDING_REVIEW",
      "serviceOperationsStatus": "NOT_ENABLED",
      "networkTokenIdentifier": "btkn1qw508d6qejxtdg4y5r3zarvary0c5xw7k",
      "provider": "BRALE",
      "stablecoinProviderAccountId": "StablecoinProviderAccount:f22379b8-a1bd-47c8-ae5c-b0829b25e219",
      "providerEnvironment": "SANDBOX",
      "providerTokenIdentifier": "ACME",
      "createdAt": "2026-11-23T21:40:14.626Z",
      "updatedAt": "2026-11-23T21:40:14.626Z"
    }
  },
  "listStablecoins": {
    "status": 200,
    "query": {
      "issuanceStatus": "PROVISIONED",
      "limit": "10"
    },
    "response": {
      "data": [
        {
          "id": "Stablecoin:ee51da2b-8da3-480c-a3b3-325280dc0934",
          "name": "ACME Stablecoin",
          "symbol": "ACME",
          "baseCurrency": "USD",
          "network": "SPARK",
          "decimals": 6,
          "issuanceStatus": "PROVISIONED",
          "serviceOperationsStatus": "ENABLED",
          "networkTokenIdentifier": "btkn1qw508d6qejxtdg4y5r3zarvary0c5xw7k",
          "provider": "BRALE",
          "stablecoinProviderAccountId": "StablecoinProviderAccount:f22379b8-a1bd-47c8-ae5c-b0829b25e219",
          "providerEnvironment": "SANDBOX",
          "providerTokenIdentifier": "ACME",
          "createdAt": "2026-11-23T21:40:14.626Z",
          "updatedAt": "2026-11-23T21:45:14.627Z",
          "currency": "ACME"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    }
  },
  "getStablecoin": {
    "status": 200,
    "response": {
      "id": "Stablecoin:ee51da2b-8da3-480c-a3b3-325280dc0934",
      "name": "ACME Stablecoin",
      "symbol": "ACME",
      "baseCurrency": "USD",
      "network": "SPARK",
      "decimals": 6,
      "issuanceStatus": "PROVISIONED",
      "serviceOperationsStatus": "ENABLED",
      "networkTokenIdentifier": "btkn1qw508d6qejxtdg4y5r3zarvary0c5xw7k",
      "provider": "BRALE",
      "stablecoinProviderAccountId": "StablecoinProviderAccount:f22379b8-a1bd-47c8-ae5c-b0829b25e219",
      "providerEnvironment": "SANDBOX",
      "providerTokenIdentifier": "ACME",
      "createdAt": "2026-11-23T21:40:14.626Z",
      "updatedAt": "2026-11-23T21:45:14.627Z",
      "currency": "ACME"
    }
  },
  "createStablecoinMint": {
    "status": 201,
    "request": {
      "amount": "1000000",
      "fundingSource": {
        "type": "WIRE"
      },
      "destination": {
        "accountId": "ExternalAccount:e349a041-09d3-4d3d-a381-977a20ab3b73"
      },
      "description": "Initial program funding mint"
    },
    "response": {
      "id": "StablecoinOperation:2b97064a-78ad-49a9-a272-b6f104d690d6",
      "stablecoinId": "Stablecoin:ee51da2b-8da3-480c-a3b3-325280dc0934",
      "operationType": "MINT",
      "status": "PENDING_FUNDING",
      "amount": "1000000",
      "provider": "BRALE",
      "providerEnvironment": "SANDBOX",
      "stablecoinProviderAccountId": "StablecoinProviderAccount:f22379b8-a1bd-47c8-ae5c-b0829b25e219",
      "source": {
        "type": "WIRE"
      },
      "fundingInstructions": {
        "rail": "WIRE",
        "amount": "100",
        "currency": "USD",
        "bankName": "Sandbox Bank",
        "accountNumber": "644696248761",
        "routingNumber": "067190762",
        "beneficiaryName": "Sandbox Stablecoin Provider FBO Platform",
        "reference": "PSBAWCFLQ4M"
      },
      "expiresAt": "2026-11-30T21:45:15.552Z",
      "destination": {
        "accountId": "ExternalAccount:e349a041-09d3-4d3d-a381-977a20ab3b73"
      },
      "providerStatus": "pending",
      "description": "Initial program funding mint",
      "createdAt": "2026-11-23T21:45:15.552Z",
      "updatedAt": "2026-11-23T21:45:15.552Z"
    }
  },
  "sandboxFundStablecoinOperation": {
    "status": 200,
    "request": {
      "amount": "100"
    },
    "response": {
      "id": "StablecoinOperation:2b97064a-78ad-49a9-a272-b6f104d690d6",
      "stablecoinId": "Stablecoin:ee51da2b-8da3-480c-a3b3-325280dc0934",
      "operationType": "MINT",
      "status": "PROCESSING",
      "amount": "1000000",
      "provider": "BRALE",
      "providerEnvironment": "SANDBOX",
      "stablecoinProviderAccountId": "StablecoinProviderAccount:f22379b8-a1bd-47c8-ae5c-b0829b25e219",
      "source": {
        "type": "WIRE"
      },
      "fundingInstructions": {
        "rail": "WIRE",
        "amount": "100",
        "currency": "USD",
        "bankName": "Sandbox Bank",
        "accountNumber": "644696248761",
        "routingNumber": "067190762",
        "beneficiaryName": "Sandbox Stablecoin Provider FBO Platform",
        "reference": "PSBAWCFLQ4M"
      },
      "expiresAt": "2026-11-30T21:45:15.552Z",
      "destination": {
        "accountId": "ExternalAccount:e349a041-09d3-4d3d-a381-977a20ab3b73"
      },
      "providerStatus": "processing",
      "description": "Initial program funding mint",
      "createdAt": "2026-11-23T21:45:15.552Z",
      "updatedAt": "2026-11-23T21:45:15.811Z"
    }
  },
  "createStablecoinBurn": {
    "status": 201,
    "request": {
      "amount": "500000",
      "source": {
        "type": "PROVIDER_INTERNAL_BALANCE"
      },
      "destination": {
        "type": "EXTERNAL_ACCOUNT",
        "externalAccountId": "ExternalAccount:91b26707-5f48-4c8f-ae69-6859017ed9f2",
        "rail": "ACH_CREDIT"
      },
      "description": "Redeem ACME"
    },
    "response": {
      "id": "StablecoinOperation:6343e1b7-81e1-48e8-aad0-24a2bae9cb85",
      "stablecoinId": "Stablecoin:ee51da2b-8da3-480c-a3b3-325280dc0934",
      "operationType": "BURN",
      "status": "CREATED",
      "amount": "500000",
      "provider": "BRALE",
      "providerEnvironment": "SANDBOX",
      "stablecoinProviderAccountId": "StablecoinProviderAccount:f22379b8-a1bd-47c8-ae5c-b0829b25e219",
      "source": {
        "type": "PROVIDER_INTERNAL_BALANCE"
      },
      "destination": {
        "accountId": "ExternalAccount:91b26707-5f48-4c8f-ae69-6859017ed9f2",
        "rail": "ACH_CREDIT"
      },
      "estimatedDelivery": {
        "rail": "ACH_CREDIT",
        "amount": "50",
        "currency": "USD",
        "timing": "1-3 business days"
      },
      "providerStatus": "pending",
      "description": "Redeem ACME",
      "createdAt": "2026-11-23T21:45:15.870Z",
      "updatedAt": "2026-11-23T21:45:15.870Z"
    }
  },
  "listStablecoinOperations": {
    "status": 200,
    "query": {
      "operationType": "MINT",
      "limit": "10"
    },
    "response": {
      "data": [
        {
          "id": "StablecoinOperation:2b97064a-78ad-49a9-a272-b6f104d690d6",
          "stablecoinId": "Stablecoin:ee51da2b-8da3-480c-a3b3-325280dc0934",
          "operationType": "MINT",
          "status": "COMPLETED",
          "amount": "1000000",
          "provider": "BRALE",
          "providerEnvironment": "SANDBOX",
          "stablecoinProviderAccountId": "StablecoinProviderAccount:f22379b8-a1bd-47c8-ae5c-b0829b25e219",
          "source": {
            "type": "WIRE"
          },
          "fundingInstructions": {
            "rail": "WIRE",
            "amount": "100",
            "currency": "USD",
            "bankName": "Sandbox Bank",
            "accountNumber": "644696248761",
            "routingNumber": "067190762",
            "beneficiaryName": "Sandbox Stablecoin Provider FBO Platform",
            "reference": "PSBAWCFLQ4M"
          },
          "expiresAt": "2026-11-30T21:45:15.552Z",
          "destination": {
            "accountId": "ExternalAccount:e349a041-09d3-4d3d-a381-977a20ab3b73"
          },
          "providerStatus": "complete",
          "description": "Initial program funding mint",
          "createdAt": "2026-11-23T21:45:15.552Z",
          "updatedAt": "2026-11-23T21:45:45.811Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    }
  },
  "getStablecoinOperation": {
    "status": 200,
    "response": {
      "id": "StablecoinOperation:6343e1b7-81e1-48e8-aad0-24a2bae9cb85",
      "stablecoinId": "Stablecoin:ee51da2b-8da3-480c-a3b3-325280dc0934",
      "operationType": "BURN",
      "status": "COMPLETED",
      "amount": "500000",
      "provider": "BRALE",
      "providerEnvironment": "SANDBOX",
      "stablecoinProviderAccountId": "StablecoinProviderAccount:f22379b8-a1bd-47c8-ae5c-b0829b25e219",
      "source": {
        "type": "PROVIDER_INTERNAL_BALANCE"
      },
      "destination": {
        "accountId": "ExternalAccount:91b26707-5f48-4c8f-ae69-6859017ed9f2",
        "rail": "ACH_CREDIT"
      },
      "estimatedDelivery": {
        "rail": "ACH_CREDIT",
        "amount": "50",
        "currency": "USD",
        "timing": "1-3 business days"
      },
      "providerStatus": "complete",
      "description": "Redeem ACME",
      "createdAt": "2026-11-23T21:45:15.870Z",
      "updatedAt": "2026-11-23T21:45:50.870Z"
    }
  },
  "createAgent": {
    "status": 201,
    "request": {
      "name": "Payroll agent",
      "customerId": "Customer:bb1b442a-917c-4aca-b9e8-ba4e2e63c5a6",
      "policy": {
        "permissions": [
          "VIEW_TRANSACTIONS",
          "CREATE_TRANSFERS",
          "CREATE_QUOTES",
          "EXECUTE_QUOTES"
        ],
        "defaultExecutionMode": "AUTO",
        "spendingLimits": {
          "currency": "USD",
          "perTransactionLimit": 50000,
          "dailyLimit": 200000,
          "dailyTransactionLimit": 10,
          "monthlyLimit": 1000000
        },
        "accountRestrictions": {
          "allowedAccountIds": [
            "InternalAccount:623b0582-bb09-49a9-83f5-799a08991178"
          ]
        },
        "approvalThresholds": {
          "currency": "USD",
          "amount": 20000
        }
      }
    },
    "response": {
      "agent": {
        "id": "Agent:62e0fa92-33d4-41c2-9aea-dff044896d96",
        "name": "Payroll agent",
        "customerId": "Customer:bb1b442a-917c-4aca-b9e8-ba4e2e63c5a6",
        "isPaused": false,
        "isConnected": false,
        "policy": {
          "permissions": [
            "VIEW_TRANSACTIONS",
            "CREATE_TRANSFERS",
            "CREATE_QUOTES",
            "EXECUTE_QUOTES"
          ],
          "defaultExecutionMode": "AUTO",
          "spendingLimits": {
            "currency": "USD",
            "perTransactionLimit": 50000,
            "dailyLimit": 200000,
            "dailyTransactionLimit": 10,
            "monthlyLimit": 1000000
          },
          "accountRestrictions": {
            "allowedAccountIds": [
              "InternalAccount:623b0582-bb09-49a9-83f5-799a08991178"
            ]
          },
          "approvalThresholds": {
            "currency": "USD",
            "amount": 20000
          }
        },
        "usage": {
          "dailyTransactionCount": 0,
          "dailySpend": 0,
          "dailyResetDate": "2026-11-24",
          "monthlySpend": 0,
          "monthlyResetMonth": "2026-12"
        },
        "createdAt": "2026-11-23T21:50:03.476Z",
        "updatedAt": "2026-11-23T21:50:03.476Z"
      },
      "deviceCode": {
        "code": "AGENT-8EYH-H87X-XVVH",
        "agentId": "Agent:62e0fa92-33d4-41c2-9aea-dff044896d96",
        "expiresAt": "2026-11-24T21:50:03.477Z",
        "redeemed": false
      }
    }
  },
  "listAgents": {
    "status": 200,
    "query": {
      "customerId": "Customer:bb1b442a-917c-4aca-b9e8-ba4e2e63c5a6",
      "limit": "10"
    },
    "response": {
      "data": [
        {
          "id": "Agent:62e0fa92-33d4-41c2-9aea-dff044896d96",
          "name": "Payroll agent",
          "customerId": "Customer:bb1b442a-917c-4aca-b9e8-ba4e2e63c5a6",
          "isPaused": false,
          "isConnected": true,
          "policy": {
            "permissions": [
              "VIEW_TRANSACTIONS",
              "CREATE_TRANSFERS",
              "CREATE_QUOTES",
              "EXECUTE_QUOTES"
            ],
            "defaultExecutionMode": "AUTO",
            "spendingLimits": {
              "currency": "USD",
              "perTransactionLimit": 50000,
              "dailyLimit": 200000,
              "dailyTransactionLimit": 10,
              "monthlyLimit": 1000000
            },
            "accountRestrictions": {
              "allowedAccountIds": [
                "InternalAccount:623b0582-bb09-49a9-83f5-799a08991178"
              ]
            },
            "approvalThresholds": {
              "currency": "USD",
              "amount": 20000
            }
          },
          "usage": {
            "dailyTransactionCount": 0,
            "dailySpend": 0,
            "dailyResetDate": "2026-11-24",
            "monthlySpend": 0,
            "monthlyResetMonth": "2026-12"
          },
          "createdAt": "2026-11-23T21:50:03.476Z",
          "updatedAt": "2026-11-23T21:50:03.545Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    }
  },
  "listAgentApprovals": {
    "status": 200,
    "query": {
      "agentId": "Agent:62e0fa92-33d4-41c2-9aea-dff044896d96",
      "limit": "10"
    },
    "response": {
      "data": [
        {
          "id": "AgentAction:34f1927b-bb7c-49a6-b9b7-2a9269f3c6b3",
          "agentId": "Agent:62e0fa92-33d4-41c2-9aea-dff044896d96",
          "customerId": "Customer:bb1b442a-917c-4aca-b9e8-ba4e2e63c5a6",
          "platformCustomerId": "bb1b442a-917c-4aca-b9e8-ba4e2e63c5a6",
          "status": "PENDING_APPROVAL",
          "type": "TRANSFER_OUT",
          "transferDetails": {
            "amount": 30000,
            "currency": "USD",
            "sourceAccountId": "InternalAccount:623b0582-bb09-49a9-83f5-799a08991178",
            "destinationAccountId": "ExternalAccount:d0726c1b-b318-41a2-a010-f44332e0d8b2"
          },
          "transaction": {
            "id": "Transaction:2f0c4d61-d9e0-445a-a7d6-a5c9dbd18a3f",
            "type": "OUTGOING",
            "direction": "DEBIT",
            "status": "PENDING",
            "source": {
              "sourceType": "ACCOUNT",
              "accountId": "InternalAccount:623b0582-bb09-49a9-83f5-799a08991178",
              "currency": "USD"
            },
            "destination": {
              "destinationType": "ACCOUNT",
              "accountId": "ExternalAccount:d0726c1b-b318-41a2-a010-f44332e0d8b2",
              "currency": "USD"
            },
            "customerId": "Customer:bb1b442a-917c-4aca-b9e8-ba4e2e63c5a6",
            "platformCustomerId": "bb1b442a-917c-4aca-b9e8-ba4e2e63c5a6",
            "sentAmount": {
              "amount": 30000,
              "currency": {
                "code": "USD",
                "name": "US Dollar",
                "symbol": "$",
                "decimals": 2
              }
            },
            "receivedAmount": {
              "amount": 30000,
              "currency": {
                "code": "USD",
                "name": "US Dollar",
                "symbol": "$",
                "decimals": 2
              }
            },
            "agentId": "Agent:62e0fa92-33d4-41c2-9aea-dff044896d96",
            "createdAt": "2026-11-23T21:50:03.580Z",
            "updatedAt": "2026-11-23T21:50:03.580Z",
            "statusHistory": [
              {
                "status": "PENDING",
                "at": "2026-11-23T21:50:03.580Z"
              }
            ]
          },
          "createdAt": "2026-11-23T21:50:03.581Z",
          "updatedAt": "2026-11-23T21:50:03.581Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    }
  }
};
