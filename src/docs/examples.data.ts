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
      "id": "PlatformConfig:26a73c04-7554-469b-bfed-81f6e6f55be5",
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
      "createdAt": "2026-11-23T19:56:39.467Z",
      "updatedAt": "2026-11-23T19:56:39.467Z"
    }
  },
  "updatePlatformConfig": {
    "status": 200,
    "response": {
      "id": "PlatformConfig:26a73c04-7554-469b-bfed-81f6e6f55be5",
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
      "createdAt": "2026-11-23T19:56:39.467Z",
      "updatedAt": "2026-11-23T19:56:39.659Z"
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
      "id": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b",
      "customerType": "INDIVIDUAL",
      "platformCustomerId": "jane-1",
      "umaAddress": "$janedoe.9876ce@sandbox.uma.local",
      "isDeleted": false,
      "createdAt": "2026-11-23T19:56:39.679Z",
      "updatedAt": "2026-11-23T19:56:39.679Z",
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
          "id": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b",
          "customerType": "INDIVIDUAL",
          "platformCustomerId": "jane-1",
          "umaAddress": "$janedoe.9876ce@sandbox.uma.local",
          "isDeleted": false,
          "createdAt": "2026-11-23T19:56:39.679Z",
          "updatedAt": "2026-11-23T19:56:39.679Z",
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
      "id": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b",
      "customerType": "INDIVIDUAL",
      "platformCustomerId": "jane-1",
      "umaAddress": "$janedoe.9876ce@sandbox.uma.local",
      "isDeleted": false,
      "createdAt": "2026-11-23T19:56:39.679Z",
      "updatedAt": "2026-11-23T19:56:39.679Z",
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
      "id": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b",
      "customerType": "INDIVIDUAL",
      "platformCustomerId": "jane-1",
      "umaAddress": "$janedoe.9876ce@sandbox.uma.local",
      "isDeleted": false,
      "createdAt": "2026-11-23T19:56:39.679Z",
      "updatedAt": "2026-11-23T19:56:39.839Z",
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
      "id": "Document:6213dcd1-ba39-47f1-b6a1-32232f5a5839",
      "documentHolder": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b",
      "documentType": "PASSPORT",
      "country": "US",
      "documentNumber": "X1234567",
      "fileName": "passport.png",
      "createdAt": "2026-11-23T19:56:39.859Z",
      "updatedAt": "2026-11-23T19:56:39.859Z"
    },
    "request": {
      "documentHolder": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b",
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
          "id": "Document:6213dcd1-ba39-47f1-b6a1-32232f5a5839",
          "documentHolder": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b",
          "documentType": "PASSPORT",
          "country": "US",
          "documentNumber": "X1234567",
          "fileName": "passport.png",
          "createdAt": "2026-11-23T19:56:39.859Z",
          "updatedAt": "2026-11-23T19:56:39.859Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "documentHolder": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b"
    }
  },
  "getDocument": {
    "status": 200,
    "response": {
      "id": "Document:6213dcd1-ba39-47f1-b6a1-32232f5a5839",
      "documentHolder": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b",
      "documentType": "PASSPORT",
      "country": "US",
      "documentNumber": "X1234567",
      "fileName": "passport.png",
      "createdAt": "2026-11-23T19:56:39.859Z",
      "updatedAt": "2026-11-23T19:56:39.859Z"
    }
  },
  "replaceDocument": {
    "status": 200,
    "response": {
      "id": "Document:6213dcd1-ba39-47f1-b6a1-32232f5a5839",
      "documentHolder": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b",
      "documentType": "PASSPORT",
      "country": "US",
      "fileName": "passport.png",
      "createdAt": "2026-11-23T19:56:39.859Z",
      "updatedAt": "2026-11-23T19:56:39.915Z",
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
      "id": "Verification:d45dacfe-ef5d-47b9-b93f-57788e3f50ac",
      "customerId": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b",
      "verificationStatus": "APPROVED",
      "errors": [],
      "createdAt": "2026-11-23T19:56:39.926Z",
      "updatedAt": "2026-11-23T19:56:39.926Z"
    },
    "request": {
      "customerId": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b"
    }
  },
  "listVerifications": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Verification:d45dacfe-ef5d-47b9-b93f-57788e3f50ac",
          "customerId": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b",
          "verificationStatus": "APPROVED",
          "errors": [],
          "createdAt": "2026-11-23T19:56:39.926Z",
          "updatedAt": "2026-11-23T19:56:39.926Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "customerId": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b"
    }
  },
  "getVerification": {
    "status": 200,
    "response": {
      "id": "Verification:d45dacfe-ef5d-47b9-b93f-57788e3f50ac",
      "customerId": "Customer:0428ef08-ec24-40bd-933f-423f2c47b59b",
      "verificationStatus": "APPROVED",
      "errors": [],
      "createdAt": "2026-11-23T19:56:39.926Z",
      "updatedAt": "2026-11-23T19:56:39.926Z"
    }
  },
  "createBeneficialOwner": {
    "status": 201,
    "response": {
      "id": "BeneficialOwner:71d7f3b7-21e7-41a1-8a4b-8f7aaa15f4c8",
      "customerId": "Customer:cad298c5-8e3c-47ea-9472-04f15acffc4f",
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
      "createdAt": "2026-11-23T19:56:39.951Z",
      "updatedAt": "2026-11-23T19:56:39.951Z"
    },
    "request": {
      "customerId": "Customer:cad298c5-8e3c-47ea-9472-04f15acffc4f",
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
          "id": "BeneficialOwner:71d7f3b7-21e7-41a1-8a4b-8f7aaa15f4c8",
          "customerId": "Customer:cad298c5-8e3c-47ea-9472-04f15acffc4f",
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
          "createdAt": "2026-11-23T19:56:39.951Z",
          "updatedAt": "2026-11-23T19:56:39.951Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "customerId": "Customer:cad298c5-8e3c-47ea-9472-04f15acffc4f"
    }
  },
  "getBeneficialOwner": {
    "status": 200,
    "response": {
      "id": "BeneficialOwner:71d7f3b7-21e7-41a1-8a4b-8f7aaa15f4c8",
      "customerId": "Customer:cad298c5-8e3c-47ea-9472-04f15acffc4f",
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
      "createdAt": "2026-11-23T19:56:39.951Z",
      "updatedAt": "2026-11-23T19:56:39.951Z"
    }
  },
  "updateBeneficialOwner": {
    "status": 200,
    "response": {
      "id": "BeneficialOwner:71d7f3b7-21e7-41a1-8a4b-8f7aaa15f4c8",
      "customerId": "Customer:cad298c5-8e3c-47ea-9472-04f15acffc4f",
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
      "createdAt": "2026-11-23T19:56:39.951Z",
      "updatedAt": "2026-11-23T19:56:39.984Z"
    },
    "request": {
      "ownershipPercentage": 55
    }
  },
  "createCustomerKycLink": {
    "status": 201,
    "response": {
      "kycUrl": "http://localhost/hosted/kyc/ZXhhbXBsZS0w.Zbr1z-MSUQ6OvkByg2wUvca_gDsWax4d",
      "expiresAt": "2026-11-23T20:56:40.004Z",
      "provider": "SUMSUB",
      "token": "ZXhhbXBsZS0w.Zbr1z-MSUQ6OvkByg2wUvca_gDsWax4d"
    },
    "request": {
      "redirectUri": "https://example.com/done"
    }
  },
  "getCustomerKycLink": {
    "status": 200,
    "response": {
      "kycUrl": "http://localhost/hosted/kyc/ZXhhbXBsZS0w.1-KUp1oP9tMQwNgDGrjYStNWoSGcQGmp",
      "expiresAt": "2026-11-23T20:56:40.007Z",
      "provider": "SUMSUB",
      "token": "ZXhhbXBsZS0w.1-KUp1oP9tMQwNgDGrjYStNWoSGcQGmp"
    },
    "query": {
      "redirectUri": "https://example.com/done"
    }
  },
  "deleteCustomerById": {
    "status": 200,
    "response": {
      "id": "Customer:cad298c5-8e3c-47ea-9472-04f15acffc4f",
      "customerType": "BUSINESS",
      "platformCustomerId": "acme-1",
      "umaAddress": "$acmeinc.cb33a4@sandbox.uma.local",
      "isDeleted": true,
      "createdAt": "2026-11-23T19:56:39.948Z",
      "updatedAt": "2026-11-23T19:56:40.013Z",
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
          "id": "InternalAccount:6cd05e72-2bd6-4786-9d42-e843e71486ad",
          "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114",
          "type": "INTERNAL_FIAT",
          "status": "ACTIVE",
          "fundingPaymentInstructions": [
            {
              "instructionsNotes": "Include the reference so the deposit is credited to this account.",
              "isPlatformAccount": false,
              "accountOrWalletInfo": {
                "accountType": "USD_ACCOUNT",
                "accountNumber": "471756711811",
                "routingNumber": "041286553",
                "bankName": "Sandbox Bank",
                "paymentRails": [
                  "ACH"
                ],
                "reference": "PSBS5QXXS6A"
              }
            }
          ],
          "createdAt": "2026-11-23T19:56:40.026Z",
          "updatedAt": "2026-11-23T19:56:40.026Z",
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
      "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114"
    }
  },
  "listPlatformInternalAccounts": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "InternalAccount:400fdf5d-851a-4fd8-b66b-10f2fb9282c2",
          "type": "INTERNAL_FIAT",
          "status": "ACTIVE",
          "fundingPaymentInstructions": [
            {
              "instructionsNotes": "Include the reference so the deposit is credited to this account.",
              "isPlatformAccount": true,
              "accountOrWalletInfo": {
                "accountType": "USD_ACCOUNT",
                "accountNumber": "302739134309",
                "routingNumber": "009532948",
                "bankName": "Sandbox Bank",
                "paymentRails": [
                  "ACH"
                ],
                "reference": "PSB836TKHU3"
              }
            }
          ],
          "createdAt": "2026-11-23T19:56:40.018Z",
          "updatedAt": "2026-11-23T19:56:40.018Z",
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
      "id": "InternalAccount:6cd05e72-2bd6-4786-9d42-e843e71486ad",
      "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114",
      "type": "INTERNAL_FIAT",
      "status": "ACTIVE",
      "fundingPaymentInstructions": [
        {
          "instructionsNotes": "Include the reference so the deposit is credited to this account.",
          "isPlatformAccount": false,
          "accountOrWalletInfo": {
            "accountType": "USD_ACCOUNT",
            "accountNumber": "471756711811",
            "routingNumber": "041286553",
            "bankName": "Sandbox Bank",
            "paymentRails": [
              "ACH"
            ],
            "reference": "PSBS5QXXS6A"
          }
        }
      ],
      "createdAt": "2026-11-23T19:56:40.026Z",
      "updatedAt": "2026-11-23T19:56:40.047Z",
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
      "id": "ExternalAccount:7cd8938e-207a-411f-aca6-575d9d310969",
      "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114",
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
      "createdAt": "2026-11-23T19:56:40.064Z",
      "updatedAt": "2026-11-23T19:56:40.064Z"
    },
    "request": {
      "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114",
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
          "id": "ExternalAccount:7cd8938e-207a-411f-aca6-575d9d310969",
          "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114",
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
          "createdAt": "2026-11-23T19:56:40.064Z",
          "updatedAt": "2026-11-23T19:56:40.064Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114",
      "currency": "USD"
    }
  },
  "getCustomerExternalAccountById": {
    "status": 200,
    "response": {
      "id": "ExternalAccount:7cd8938e-207a-411f-aca6-575d9d310969",
      "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114",
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
      "createdAt": "2026-11-23T19:56:40.064Z",
      "updatedAt": "2026-11-23T19:56:40.064Z"
    }
  },
  "createPlatformExternalAccount": {
    "status": 201,
    "response": {
      "id": "ExternalAccount:94c4d5f5-3816-4a90-bd1e-e5d3a04b581f",
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
      "createdAt": "2026-11-23T19:56:40.459Z",
      "updatedAt": "2026-11-23T19:56:40.459Z"
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
          "id": "ExternalAccount:94c4d5f5-3816-4a90-bd1e-e5d3a04b581f",
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
          "createdAt": "2026-11-23T19:56:40.459Z",
          "updatedAt": "2026-11-23T19:56:40.459Z"
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
      "id": "ExternalAccount:94c4d5f5-3816-4a90-bd1e-e5d3a04b581f",
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
      "createdAt": "2026-11-23T19:56:40.459Z",
      "updatedAt": "2026-11-23T19:56:40.459Z"
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
          "receivingAmount": 179503,
          "exchangeRate": 0.0552915,
          "fees": {
            "fixed": 25,
            "total": 75
          },
          "updatedAt": "2026-11-23T19:55:00.000Z"
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
          "bankName": "Banco Sandbox de M\u00e9xico S.A.",
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
          "estimatedExchangeRate": 0.0552915,
          "min": 1,
          "max": 100000000000
        }
      ],
      "requiredPayerDataFields": [],
      "lookupId": "Lookup:585899cd-b5e0-42f4-923a-7fb40b913048",
      "accountId": "ExternalAccount:d0998860-8730-47f7-af29-0323e722ea17"
    },
    "query": {
      "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114"
    }
  },
  "createQuote": {
    "status": 201,
    "response": {
      "id": "Quote:378f1424-11ef-4436-99e7-4bd05a1c5154",
      "createdAt": "2026-11-23T19:56:40.548Z",
      "expiresAt": "2026-11-23T20:01:40.548Z",
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "InternalAccount:6cd05e72-2bd6-4786-9d42-e843e71486ad"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "ExternalAccount:d0998860-8730-47f7-af29-0323e722ea17"
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
      "totalReceivingAmount": 179503,
      "exchangeRate": 0.0552915,
      "feesIncluded": 75,
      "platformFeesIncluded": 0,
      "transactionId": "Transaction:0d273380-aa9c-46d7-ac95-56dfbf8bbca7",
      "description": "Rent",
      "status": "PENDING"
    },
    "request": {
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "InternalAccount:6cd05e72-2bd6-4786-9d42-e843e71486ad"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "ExternalAccount:d0998860-8730-47f7-af29-0323e722ea17"
      },
      "lockedCurrencySide": "SENDING",
      "lockedCurrencyAmount": 10000,
      "description": "Rent"
    }
  },
  "getQuoteById": {
    "status": 200,
    "response": {
      "id": "Quote:378f1424-11ef-4436-99e7-4bd05a1c5154",
      "createdAt": "2026-11-23T19:56:40.548Z",
      "expiresAt": "2026-11-23T20:01:40.548Z",
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "InternalAccount:6cd05e72-2bd6-4786-9d42-e843e71486ad"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "ExternalAccount:d0998860-8730-47f7-af29-0323e722ea17"
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
      "totalReceivingAmount": 179503,
      "exchangeRate": 0.0552915,
      "feesIncluded": 75,
      "platformFeesIncluded": 0,
      "transactionId": "Transaction:0d273380-aa9c-46d7-ac95-56dfbf8bbca7",
      "description": "Rent",
      "status": "PENDING"
    }
  },
  "listQuotes": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Quote:378f1424-11ef-4436-99e7-4bd05a1c5154",
          "createdAt": "2026-11-23T19:56:40.548Z",
          "expiresAt": "2026-11-23T20:01:40.548Z",
          "source": {
            "sourceType": "ACCOUNT",
            "accountId": "InternalAccount:6cd05e72-2bd6-4786-9d42-e843e71486ad"
          },
          "destination": {
            "destinationType": "ACCOUNT",
            "accountId": "ExternalAccount:d0998860-8730-47f7-af29-0323e722ea17"
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
          "totalReceivingAmount": 179503,
          "exchangeRate": 0.0552915,
          "feesIncluded": 75,
          "platformFeesIncluded": 0,
          "transactionId": "Transaction:0d273380-aa9c-46d7-ac95-56dfbf8bbca7",
          "description": "Rent",
          "status": "PENDING"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114"
    }
  },
  "executeQuote": {
    "status": 200,
    "response": {
      "id": "Quote:378f1424-11ef-4436-99e7-4bd05a1c5154",
      "createdAt": "2026-11-23T19:56:40.548Z",
      "expiresAt": "2026-11-23T20:01:40.548Z",
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "InternalAccount:6cd05e72-2bd6-4786-9d42-e843e71486ad"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "ExternalAccount:d0998860-8730-47f7-af29-0323e722ea17"
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
      "totalReceivingAmount": 179503,
      "exchangeRate": 0.0552915,
      "feesIncluded": 75,
      "platformFeesIncluded": 0,
      "transactionId": "Transaction:0d273380-aa9c-46d7-ac95-56dfbf8bbca7",
      "description": "Rent",
      "status": "COMPLETED"
    }
  },
  "getTransactionById": {
    "status": 200,
    "response": {
      "id": "Transaction:0d273380-aa9c-46d7-ac95-56dfbf8bbca7",
      "type": "OUTGOING",
      "direction": "DEBIT",
      "status": "COMPLETED",
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "InternalAccount:6cd05e72-2bd6-4786-9d42-e843e71486ad",
        "currency": "USD"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "ExternalAccount:d0998860-8730-47f7-af29-0323e722ea17",
        "currency": "MXN"
      },
      "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114",
      "platformCustomerId": "05f3047a-17af-4ebc-abe5-c56dc6cc1114",
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
        "amount": 179503,
        "currency": {
          "code": "MXN",
          "name": "Mexican Peso",
          "symbol": "MX$",
          "decimals": 2
        }
      },
      "exchangeRate": 0.0552915,
      "fees": 75,
      "quoteId": "Quote:378f1424-11ef-4436-99e7-4bd05a1c5154",
      "description": "Rent",
      "createdAt": "2026-11-23T19:56:40.594Z",
      "updatedAt": "2026-11-23T19:56:40.595Z",
      "statusHistory": [
        {
          "status": "PENDING",
          "at": "2026-11-23T19:56:40.594Z"
        }
      ],
      "settledAt": "2026-11-23T19:56:40.595Z"
    }
  },
  "listTransactions": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Transaction:0d273380-aa9c-46d7-ac95-56dfbf8bbca7",
          "type": "OUTGOING",
          "direction": "DEBIT",
          "status": "COMPLETED",
          "source": {
            "sourceType": "ACCOUNT",
            "accountId": "InternalAccount:6cd05e72-2bd6-4786-9d42-e843e71486ad",
            "currency": "USD"
          },
          "destination": {
            "destinationType": "ACCOUNT",
            "accountId": "ExternalAccount:d0998860-8730-47f7-af29-0323e722ea17",
            "currency": "MXN"
          },
          "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114",
          "platformCustomerId": "05f3047a-17af-4ebc-abe5-c56dc6cc1114",
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
            "amount": 179503,
            "currency": {
              "code": "MXN",
              "name": "Mexican Peso",
              "symbol": "MX$",
              "decimals": 2
            }
          },
          "exchangeRate": 0.0552915,
          "fees": 75,
          "quoteId": "Quote:378f1424-11ef-4436-99e7-4bd05a1c5154",
          "description": "Rent",
          "createdAt": "2026-11-23T19:56:40.594Z",
          "updatedAt": "2026-11-23T19:56:40.595Z",
          "statusHistory": [
            {
              "status": "PENDING",
              "at": "2026-11-23T19:56:40.594Z"
            }
          ],
          "settledAt": "2026-11-23T19:56:40.595Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114",
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
      "lookupId": "Lookup:49a1b085-a40c-4b05-8540-eb35afa9d033",
      "receiverUmaAddress": "$ritareceiver.aa0130@sandbox.uma.local"
    },
    "query": {
      "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114"
    }
  },
  "sandboxSend": {
    "status": 200,
    "response": {
      "id": "Transaction:ce179908-b2a0-49fc-94c4-06e9f48aa8d1",
      "type": "INCOMING",
      "direction": "CREDIT",
      "status": "COMPLETED",
      "source": {
        "sourceType": "REALTIME_FUNDING",
        "currency": "USD",
        "customerId": "Customer:bca8aee5-3d9f-4afd-a11e-9720d45a80f7"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "InternalAccount:14a95437-f402-4c0d-9575-5020861c3423",
        "currency": "USD"
      },
      "customerId": "Customer:bca8aee5-3d9f-4afd-a11e-9720d45a80f7",
      "platformCustomerId": "bca8aee5-3d9f-4afd-a11e-9720d45a80f7",
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
      "quoteId": "Quote:0164c2f2-3502-48b5-91c7-1d942013b193",
      "createdAt": "2026-11-23T19:56:40.710Z",
      "updatedAt": "2026-11-23T19:56:40.710Z",
      "statusHistory": [
        {
          "status": "PENDING",
          "at": "2026-11-23T19:56:40.710Z"
        }
      ],
      "settledAt": "2026-11-23T19:56:40.710Z"
    },
    "request": {
      "quoteId": "Quote:0164c2f2-3502-48b5-91c7-1d942013b193",
      "currencyCode": "USD"
    }
  },
  "sandboxReceive": {
    "status": 200,
    "response": {
      "id": "Transaction:e4b2a2af-b50f-4877-be44-db536273a3a1",
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
        "accountId": "InternalAccount:14a95437-f402-4c0d-9575-5020861c3423",
        "currency": "USD"
      },
      "customerId": "Customer:bca8aee5-3d9f-4afd-a11e-9720d45a80f7",
      "platformCustomerId": "bca8aee5-3d9f-4afd-a11e-9720d45a80f7",
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
      "createdAt": "2026-11-23T19:56:40.752Z",
      "updatedAt": "2026-11-23T19:56:40.752Z",
      "statusHistory": [
        {
          "status": "PENDING",
          "at": "2026-11-23T19:56:40.752Z"
        }
      ],
      "settledAt": "2026-11-23T19:56:40.752Z"
    },
    "request": {
      "senderUmaAddress": "$success.usd@sandbox.uma.local",
      "receiverUmaAddress": "$ritareceiver.aa0130@sandbox.uma.local",
      "receivingCurrencyCode": "USD",
      "receivingCurrencyAmount": 700
    }
  },
  "createTransferIn": {
    "status": 201,
    "response": {
      "id": "Transaction:1803ecdf-5e00-4225-affd-b3c48aca2075",
      "type": "INCOMING",
      "direction": "CREDIT",
      "status": "COMPLETED",
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "ExternalAccount:7cd8938e-207a-411f-aca6-575d9d310969",
        "currency": "USD"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "InternalAccount:6cd05e72-2bd6-4786-9d42-e843e71486ad",
        "currency": "USD"
      },
      "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114",
      "platformCustomerId": "05f3047a-17af-4ebc-abe5-c56dc6cc1114",
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
      "createdAt": "2026-11-23T19:56:40.799Z",
      "updatedAt": "2026-11-23T19:56:40.800Z",
      "statusHistory": [
        {
          "status": "PENDING",
          "at": "2026-11-23T19:56:40.799Z"
        }
      ],
      "settledAt": "2026-11-23T19:56:40.800Z"
    },
    "request": {
      "source": {
        "accountId": "ExternalAccount:7cd8938e-207a-411f-aca6-575d9d310969"
      },
      "destination": {
        "accountId": "InternalAccount:6cd05e72-2bd6-4786-9d42-e843e71486ad"
      },
      "amount": 500
    }
  },
  "createTransferOut": {
    "status": 201,
    "response": {
      "id": "Transaction:cde35b7d-017c-4a26-846f-dd27dddb47c2",
      "type": "OUTGOING",
      "direction": "DEBIT",
      "status": "COMPLETED",
      "source": {
        "sourceType": "ACCOUNT",
        "accountId": "InternalAccount:6cd05e72-2bd6-4786-9d42-e843e71486ad",
        "currency": "USD"
      },
      "destination": {
        "destinationType": "ACCOUNT",
        "accountId": "ExternalAccount:7cd8938e-207a-411f-aca6-575d9d310969",
        "currency": "USD"
      },
      "customerId": "Customer:05f3047a-17af-4ebc-abe5-c56dc6cc1114",
      "platformCustomerId": "05f3047a-17af-4ebc-abe5-c56dc6cc1114",
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
      "createdAt": "2026-11-23T19:56:40.845Z",
      "updatedAt": "2026-11-23T19:56:40.845Z",
      "statusHistory": [
        {
          "status": "PENDING",
          "at": "2026-11-23T19:56:40.845Z"
        }
      ],
      "settledAt": "2026-11-23T19:56:40.845Z"
    },
    "request": {
      "source": {
        "accountId": "InternalAccount:6cd05e72-2bd6-4786-9d42-e843e71486ad"
      },
      "destination": {
        "accountId": "ExternalAccount:7cd8938e-207a-411f-aca6-575d9d310969"
      },
      "amount": 500
    }
  },
  "createExternalAccountOwnershipChallenge": {
    "status": 201,
    "response": {
      "method": "WALLET_SIGNATURE",
      "messageToSign": "I verify that I control the wallet 0x691F231efA323f062F614fc07D3449F6fE0bf8A5. Nonce: 102569a3-2c9c-4842-bca7-7e614e9dd7d6",
      "expiresAt": "2026-11-23T20:06:40.986Z"
    },
    "request": {
      "method": "WALLET_SIGNATURE"
    }
  },
  "verifyExternalAccountOwnership": {
    "status": 200,
    "response": {
      "id": "ExternalAccount:9e76e317-08b6-4955-b4fb-4969f73990f3",
      "customerId": "Customer:4792cbcd-4606-4bd8-b5cd-a8ef7c6107b2",
      "status": "ACTIVE",
      "ownershipType": "FIRST_PARTY",
      "currency": "USDC",
      "defaultUmaDepositAccount": false,
      "accountInfo": {
        "accountType": "ETHEREUM_WALLET",
        "address": "0x691F231efA323f062F614fc07D3449F6fE0bf8A5"
      },
      "createdAt": "2026-11-23T19:56:40.984Z",
      "updatedAt": "2026-11-23T19:56:41.050Z"
    },
    "request": {
      "signature": "0xcab2bd3eb948329d236c79829f1ec48476e56faea4aa09a8907ed62f83aa0cc4619b802f329a96c0d366f6444ad692d5a07459484bef9ec2f5843a82e26ab2641c"
    }
  },
  "createPlatformExternalAccountOwnershipChallenge": {
    "status": 201,
    "response": {
      "method": "WALLET_SIGNATURE",
      "messageToSign": "I verify that I control the wallet 0x18022bFA1470e3De6DeBa62D208C1F015DAB39D7. Nonce: 0919e371-2c2f-4e71-92ac-6e80e49f5490",
      "expiresAt": "2026-11-23T20:06:41.061Z"
    },
    "request": {
      "method": "WALLET_SIGNATURE"
    }
  },
  "verifyPlatformExternalAccountOwnership": {
    "status": 200,
    "response": {
      "id": "ExternalAccount:73f8faa9-bbdc-4ef1-99fb-8c9406d02635",
      "status": "ACTIVE",
      "ownershipType": "FIRST_PARTY",
      "currency": "USDC",
      "defaultUmaDepositAccount": false,
      "accountInfo": {
        "accountType": "ETHEREUM_WALLET",
        "address": "0x18022bFA1470e3De6DeBa62D208C1F015DAB39D7"
      },
      "createdAt": "2026-11-23T19:56:41.059Z",
      "updatedAt": "2026-11-23T19:56:41.081Z"
    },
    "request": {
      "signature": "0xfd132b559fdbdb5705e027960b4a45a71e99e744128d0c5f2e9ac03f8590dc4453f03b9d2e3ff0f222f30ba207286332b65471c22f8303152b4abf473dad6fb41b"
    }
  },
  "listAuthCredentials": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "AuthMethod:0a4130da-310a-4df6-99f3-8d8c0e1e0e61",
          "accountId": "InternalAccount:8cc2ccef-b402-4736-9550-5c41d941a941",
          "type": "EMAIL_OTP",
          "nickname": "owen@example.com",
          "createdAt": "2026-11-23T19:56:41.106Z",
          "updatedAt": "2026-11-23T19:56:41.106Z"
        }
      ]
    },
    "query": {
      "accountId": "InternalAccount:8cc2ccef-b402-4736-9550-5c41d941a941"
    }
  },
  "challengeAuthCredential": {
    "status": 200,
    "response": {
      "id": "AuthMethod:0a4130da-310a-4df6-99f3-8d8c0e1e0e61",
      "accountId": "InternalAccount:8cc2ccef-b402-4736-9550-5c41d941a941",
      "type": "EMAIL_OTP",
      "nickname": "owen@example.com",
      "createdAt": "2026-11-23T19:56:41.106Z",
      "updatedAt": "2026-11-23T19:56:41.106Z",
      "otpEncryptionTargetBundle": "{\"version\":\"v1.0.0\",\"data\":\"7b227461726765745075626c6963223a2230343136633939383730663734633631636162373331626432366231643439353161386262376236363033333633323363636165643032353132383332363139636233303463653863663965303761373835613664656163393033323731316233363962623231623061643964336265396663306634626636383366653062663330227d\",\"dataSignature\":\"30440220279844779ed2af1b98b8310868589ff8fe6edc8844736487c62f49777e531b0702200bd88e6d980ec62237c583ca4a7507acfd9c1ba5039325b70707ecf80c618612\",\"enclaveQuorumPublic\":\"04c9aec8ce26c3afb67bcdb22f9f9e78fce75aca4942badd5aaabab4a2da613bd52a0b3fd19dd24fd0e2b3cbe52efbdc0312dfed98b31516f350eadba43a9bcda1\"}"
    },
    "request": {}
  },
  "verifyAuthCredential": {
    "status": 200,
    "response": {
      "id": "Session:0e01d5f7-6c76-42ca-accf-f8e634e2a7f8",
      "accountId": "InternalAccount:8cc2ccef-b402-4736-9550-5c41d941a941",
      "type": "EMAIL_OTP",
      "nickname": "owen@example.com",
      "createdAt": "2026-11-23T19:56:41.393Z",
      "updatedAt": "2026-11-23T19:56:41.393Z",
      "expiresAt": "2026-11-23T20:11:41.393Z"
    },
    "request": {
      "type": "EMAIL_OTP",
      "encryptedOtpBundle": "{\"encappedPublic\":\"04eb36bf5fc1687566bad4834d70765c6f295faad77c4e687194aade4480651405c212aa4fd57f185be0b931d5d299703c8fb479bcef354916e036d90bfcc48076\",\"ciphertext\":\"808b33e39dbe7df2274909890d8251731fb94b3660642c6b9a1ead5f8bedf2386362ca286e6cdc514270b353d1cf4f9a0310bf75c14a31cb3d6c4802c3bd398651ec974e5f7f58abfe4a69f1f3c990a69416c1cf6b26a16ad67922842d048ac8ad6e972e81a99dc4665a38e7b83304f206f53dcf03e002\"}"
    }
  },
  "listAuthSessions": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Session:0e01d5f7-6c76-42ca-accf-f8e634e2a7f8",
          "accountId": "InternalAccount:8cc2ccef-b402-4736-9550-5c41d941a941",
          "type": "EMAIL_OTP",
          "nickname": "owen@example.com",
          "createdAt": "2026-11-23T19:56:41.393Z",
          "updatedAt": "2026-11-23T19:56:41.393Z",
          "expiresAt": "2026-11-23T20:11:41.393Z"
        }
      ]
    },
    "query": {
      "accountId": "InternalAccount:8cc2ccef-b402-4736-9550-5c41d941a941"
    }
  },
  "createAuthCredential": {
    "status": 201,
    "response": {
      "id": "AuthMethod:45a5e2c7-697d-492c-9b52-670453724fe1",
      "accountId": "InternalAccount:8cc2ccef-b402-4736-9550-5c41d941a941",
      "type": "OAUTH",
      "nickname": "owen@example.com",
      "createdAt": "2026-11-23T19:56:41.440Z",
      "updatedAt": "2026-11-23T19:56:41.440Z"
    },
    "request": {
      "type": "OAUTH",
      "accountId": "InternalAccount:8cc2ccef-b402-4736-9550-5c41d941a941",
      "oidcToken": "eyJhbGciOiJub25lIn0.eyJpc3MiOiJodHRwczovL2FjY291bnRzLmdvb2dsZS5jb20iLCJhdWQiOiJwYXlzYW5kYm94LWNsaWVudCIsInN1YiI6InNhbmRib3gtdXNlciIsImVtYWlsIjoib3dlbkBleGFtcGxlLmNvbSIsImlhdCI6MTc5NTQ2MzgwMSwiZXhwIjoxNzk1NDY0NDAxfQ.c2FuZGJveA"
    }
  },
  "updateInternalAccount": {
    "status": 200,
    "response": {
      "id": "InternalAccount:8cc2ccef-b402-4736-9550-5c41d941a941",
      "customerId": "Customer:a3b24274-82c5-435b-b1af-11ebc0410217",
      "type": "EMBEDDED_WALLET",
      "status": "ACTIVE",
      "fundingPaymentInstructions": [
        {
          "instructionsNotes": "Include the reference so the deposit is credited to this account.",
          "isPlatformAccount": false,
          "accountOrWalletInfo": {
            "accountType": "USD_ACCOUNT",
            "accountNumber": "210913794509",
            "routingNumber": "005510702",
            "bankName": "Sandbox Bank",
            "paymentRails": [
              "ACH"
            ],
            "reference": "PSBQUH6YRZY"
          }
        }
      ],
      "createdAt": "2026-11-23T19:56:41.106Z",
      "updatedAt": "2026-11-23T19:56:41.578Z",
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
      "id": "InternalAccount:8cc2ccef-b402-4736-9550-5c41d941a941",
      "encryptedWalletCredentials": "{\"version\":\"v1.0.0\",\"data\":\"7b22656e6361707065645075626c6963223a2230346132366236623932623861623061316666323462383666313631343237326463666431356164613965616335656261646333316562643364336361376431643031376663373636383862613764363634346637336262643164646335383937343138303738326463316335356133383663346365343365386235306537616235222c2263697068657274657874223a22393433363332366633396231666234343964336562633966313165306236623566643637346261643339303130323036623262396332613834353533336465373030373262336631316466303337386165393563376233366332306132306638643166656230333130616436343739313762613364306135656566653761343164643133396563336636633463353632663433366561336331383934653237383036323331366436323861623639393533633330366561383632616261366137222c226f7267616e697a6174696f6e4964223a226578616d706c652d33227d\",\"dataSignature\":\"3045022100dfbd05caaf2a53852875649f50cf23160f8b7000608de11466146b17703875da022054911b661ab4a43ba27716ecdc8e8ab204c746ea44dce2084a4bfa9afc002b89\",\"enclaveQuorumPublic\":\"04c9aec8ce26c3afb67bcdb22f9f9e78fce75aca4942badd5aaabab4a2da613bd52a0b3fd19dd24fd0e2b3cbe52efbdc0312dfed98b31516f350eadba43a9bcda1\"}"
    },
    "request": {
      "clientPublicKey": "04580dc01f0b59d813cebe0029826f0b40aeed5039e658cd9efd4193fb81344c9188a5791671d976d87c4d9efb0e62003c38bba55dc455121a8bbe0a140622b615"
    }
  },
  "refreshAuthSession": {
    "status": 201,
    "response": {
      "id": "Session:b2f278e3-90b7-4f08-b407-d7a169c83e0b",
      "accountId": "InternalAccount:8cc2ccef-b402-4736-9550-5c41d941a941",
      "type": "EMAIL_OTP",
      "nickname": "owen@example.com",
      "createdAt": "2026-11-23T19:56:41.642Z",
      "updatedAt": "2026-11-23T19:56:41.642Z",
      "expiresAt": "2026-11-23T20:11:41.642Z"
    },
    "request": {
      "clientPublicKey": "03c62ac7e4e4eb7f549ca4e1352bdcfebef2fd0ab20adcf64c6d0a5d59843ade40"
    }
  },
  "revokeAuthCredential": {
    "status": 202,
    "response": {
      "payloadToSign": "{\"organizationId\":\"example-3\",\"type\":\"ACTIVITY_TYPE_REVOKE_CREDENTIAL\",\"timestampMs\":\"1795463801652\",\"parameters\":{\"requestId\":\"Request:444ab38b-fd41-4064-8aa8-3ef3de59dec0\",\"walletId\":\"InternalAccount:8cc2ccef-b402-4736-9550-5c41d941a941\",\"method\":\"DELETE\",\"path\":\"/2025-10-13/auth/credentials/AuthMethod:45a5e2c7-697d-492c-9b52-670453724fe1\",\"bodySha256\":\"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\",\"expiresAt\":\"2026-11-23T20:01:41.652Z\"}}",
      "requestId": "Request:444ab38b-fd41-4064-8aa8-3ef3de59dec0",
      "expiresAt": "2026-11-23T20:01:41.652Z",
      "type": "OAUTH"
    }
  },
  "revokeAuthSession": {
    "status": 202,
    "response": {
      "payloadToSign": "{\"organizationId\":\"example-3\",\"type\":\"ACTIVITY_TYPE_REVOKE_SESSION\",\"timestampMs\":\"1795463801691\",\"parameters\":{\"requestId\":\"Request:a999cc5a-3500-487c-b980-c29287121435\",\"walletId\":\"InternalAccount:8cc2ccef-b402-4736-9550-5c41d941a941\",\"method\":\"DELETE\",\"path\":\"/2025-10-13/auth/sessions/Session:b2f278e3-90b7-4f08-b407-d7a169c83e0b\",\"bodySha256\":\"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\",\"expiresAt\":\"2026-11-23T20:01:41.691Z\"}}",
      "requestId": "Request:a999cc5a-3500-487c-b980-c29287121435",
      "expiresAt": "2026-11-23T20:01:41.691Z",
      "type": "EMAIL_OTP"
    }
  },
  "createCard": {
    "status": 201,
    "response": {
      "id": "Card:4c2b6f64-e0d1-4578-89aa-4f7b95567980",
      "customerId": "Customer:bc032efe-58a1-4a78-9135-c916a023b6ea",
      "status": "PROCESSING",
      "brand": "MASTERCARD",
      "form": "VIRTUAL",
      "last4": "8250",
      "expMonth": 11,
      "expYear": 2029,
      "fundingSource": "InternalAccount:47d18936-5a9d-413d-b204-611a93f3fda9",
      "currency": "USD",
      "platformCardId": "4c2b6f64-e0d1-4578-89aa-4f7b95567980",
      "processorRef": "proc_b017c7352f84d8cfbf2f",
      "issuerRef": "iss_3a5d901af14e60ce71ef",
      "createdAt": "2026-11-23T19:56:41.707Z",
      "updatedAt": "2026-11-23T19:56:41.707Z"
    },
    "request": {
      "customerId": "Customer:bc032efe-58a1-4a78-9135-c916a023b6ea",
      "form": "VIRTUAL",
      "fundingSource": "InternalAccount:47d18936-5a9d-413d-b204-611a93f3fda9"
    }
  },
  "listCards": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Card:4c2b6f64-e0d1-4578-89aa-4f7b95567980",
          "customerId": "Customer:bc032efe-58a1-4a78-9135-c916a023b6ea",
          "status": "ACTIVE",
          "brand": "MASTERCARD",
          "form": "VIRTUAL",
          "last4": "8250",
          "expMonth": 11,
          "expYear": 2029,
          "fundingSource": "InternalAccount:47d18936-5a9d-413d-b204-611a93f3fda9",
          "currency": "USD",
          "platformCardId": "4c2b6f64-e0d1-4578-89aa-4f7b95567980",
          "processorRef": "proc_b017c7352f84d8cfbf2f",
          "issuerRef": "iss_3a5d901af14e60ce71ef",
          "createdAt": "2026-11-23T19:56:41.707Z",
          "updatedAt": "2026-11-23T19:56:46.708Z"
        }
      ],
      "hasMore": false,
      "totalCount": 1
    },
    "query": {
      "customerId": "Customer:bc032efe-58a1-4a78-9135-c916a023b6ea"
    }
  },
  "getCardById": {
    "status": 200,
    "response": {
      "id": "Card:4c2b6f64-e0d1-4578-89aa-4f7b95567980",
      "customerId": "Customer:bc032efe-58a1-4a78-9135-c916a023b6ea",
      "status": "ACTIVE",
      "brand": "MASTERCARD",
      "form": "VIRTUAL",
      "last4": "8250",
      "expMonth": 11,
      "expYear": 2029,
      "fundingSource": "InternalAccount:47d18936-5a9d-413d-b204-611a93f3fda9",
      "currency": "USD",
      "platformCardId": "4c2b6f64-e0d1-4578-89aa-4f7b95567980",
      "processorRef": "proc_b017c7352f84d8cfbf2f",
      "issuerRef": "iss_3a5d901af14e60ce71ef",
      "createdAt": "2026-11-23T19:56:41.707Z",
      "updatedAt": "2026-11-23T19:56:46.708Z"
    }
  },
  "revealCard": {
    "status": 200,
    "response": {
      "panEmbedUrl": "http://localhost/hosted/cards/ZXhhbXBsZS00.S_jR7jQtfwjcNqvDVDIxa6Q9EmmtPHCr",
      "expiresAt": "2026-11-23T19:57:46.772Z"
    }
  },
  "sandboxSimulateCardAuthorization": {
    "status": 200,
    "response": {
      "id": "Transaction:8e1f0cd7-af32-4afb-83ed-b7b09496e187",
      "type": "CARD",
      "direction": "DEBIT",
      "status": "AUTHORIZED",
      "cardId": "Card:4c2b6f64-e0d1-4578-89aa-4f7b95567980",
      "customerId": "Customer:bc032efe-58a1-4a78-9135-c916a023b6ea",
      "platformCustomerId": "bc032efe-58a1-4a78-9135-c916a023b6ea",
      "accountId": "InternalAccount:47d18936-5a9d-413d-b204-611a93f3fda9",
      "merchant": {
        "descriptor": "COFFEE SHOP 000",
        "mcc": "5814",
        "country": "US"
      },
      "authorizedAmount": 2500,
      "issuerTransactionToken": "itt_vPE-9iQ8HOlHnIuBiGqt",
      "authorizedAt": "2026-11-23T19:56:46.789Z",
      "lastEventAt": "2026-11-23T19:56:46.789Z",
      "createdAt": "2026-11-23T19:56:46.789Z",
      "updatedAt": "2026-11-23T19:56:46.789Z",
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
      "id": "Transaction:8e1f0cd7-af32-4afb-83ed-b7b09496e187",
      "type": "CARD",
      "direction": "DEBIT",
      "status": "SETTLED",
      "cardId": "Card:4c2b6f64-e0d1-4578-89aa-4f7b95567980",
      "customerId": "Customer:bc032efe-58a1-4a78-9135-c916a023b6ea",
      "platformCustomerId": "bc032efe-58a1-4a78-9135-c916a023b6ea",
      "accountId": "InternalAccount:47d18936-5a9d-413d-b204-611a93f3fda9",
      "merchant": {
        "descriptor": "COFFEE SHOP 000",
        "mcc": "5814",
        "country": "US"
      },
      "authorizedAmount": 2500,
      "issuerTransactionToken": "itt_vPE-9iQ8HOlHnIuBiGqt",
      "authorizedAt": "2026-11-23T19:56:46.789Z",
      "lastEventAt": "2026-11-23T19:56:46.813Z",
      "createdAt": "2026-11-23T19:56:46.789Z",
      "updatedAt": "2026-11-23T19:56:46.813Z",
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
      "cardTransactionId": "Transaction:8e1f0cd7-af32-4afb-83ed-b7b09496e187",
      "amount": 2500
    }
  },
  "sandboxSimulateCardReturn": {
    "status": 200,
    "response": {
      "id": "Transaction:b54d202e-da15-4817-95ed-7e1b53e5facf",
      "type": "CARD",
      "direction": "CREDIT",
      "status": "SETTLED",
      "cardId": "Card:4c2b6f64-e0d1-4578-89aa-4f7b95567980",
      "customerId": "Customer:bc032efe-58a1-4a78-9135-c916a023b6ea",
      "platformCustomerId": "bc032efe-58a1-4a78-9135-c916a023b6ea",
      "accountId": "InternalAccount:47d18936-5a9d-413d-b204-611a93f3fda9",
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
      "originalTransactionId": "Transaction:8e1f0cd7-af32-4afb-83ed-b7b09496e187",
      "issuerTransactionToken": "itt_-TQ4g2RN4LdB8DVyl5lf",
      "authorizedAt": "2026-11-23T19:56:46.841Z",
      "lastEventAt": "2026-11-23T19:56:46.841Z",
      "createdAt": "2026-11-23T19:56:46.841Z",
      "updatedAt": "2026-11-23T19:56:46.841Z",
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
      "cardTransactionId": "Transaction:8e1f0cd7-af32-4afb-83ed-b7b09496e187",
      "amount": 500
    }
  },
  "listCardTransactions": {
    "status": 200,
    "response": {
      "data": [
        {
          "id": "Transaction:b54d202e-da15-4817-95ed-7e1b53e5facf",
          "type": "CARD",
          "direction": "CREDIT",
          "status": "SETTLED",
          "cardId": "Card:4c2b6f64-e0d1-4578-89aa-4f7b95567980",
          "customerId": "Customer:bc032efe-58a1-4a78-9135-c916a023b6ea",
          "platformCustomerId": "bc032efe-58a1-4a78-9135-c916a023b6ea",
          "accountId": "InternalAccount:47d18936-5a9d-413d-b204-611a93f3fda9",
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
          "originalTransactionId": "Transaction:8e1f0cd7-af32-4afb-83ed-b7b09496e187",
          "issuerTransactionToken": "itt_-TQ4g2RN4LdB8DVyl5lf",
          "authorizedAt": "2026-11-23T19:56:46.841Z",
          "lastEventAt": "2026-11-23T19:56:46.841Z",
          "createdAt": "2026-11-23T19:56:46.841Z",
          "updatedAt": "2026-11-23T19:56:46.841Z",
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
      "id": "Card:4c2b6f64-e0d1-4578-89aa-4f7b95567980",
      "customerId": "Customer:bc032efe-58a1-4a78-9135-c916a023b6ea",
      "status": "FROZEN",
      "brand": "MASTERCARD",
      "form": "VIRTUAL",
      "last4": "8250",
      "expMonth": 11,
      "expYear": 2029,
      "fundingSource": "InternalAccount:47d18936-5a9d-413d-b204-611a93f3fda9",
      "currency": "USD",
      "platformCardId": "4c2b6f64-e0d1-4578-89aa-4f7b95567980",
      "processorRef": "proc_b017c7352f84d8cfbf2f",
      "issuerRef": "iss_3a5d901af14e60ce71ef",
      "createdAt": "2026-11-23T19:56:41.707Z",
      "updatedAt": "2026-11-23T19:56:46.881Z"
    },
    "request": {
      "status": "FROZEN"
    }
  }
};
